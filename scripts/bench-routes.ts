import autocannon from "autocannon";
import { median } from "./render-cpu";

/** One route's figures under load. */
export type RouteFigures = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

function run(url: string, connections: number, seconds: number, headers: Record<string, string>) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Each route of `baseUrl` in turn: 2 s of warm-up, then `seconds` measured, with autocannon. */
export async function measureRoutes(
  baseUrl: string,
  routes: readonly string[],
  connections: number,
  seconds: number,
  /** Sent with every request (a session's Cookie, Accept-Encoding). */
  headers: Record<string, string> = {},
): Promise<Record<string, RouteFigures>> {
  const results: Record<string, RouteFigures> = {};
  for (const route of routes) {
    await run(`${baseUrl}${route}`, connections, 2, headers);
    const result = await run(`${baseUrl}${route}`, connections, seconds, headers);
    results[route] = {
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  }
  return results;
}

/** A route's figures over several rounds: the median of each, the p99's range, all failures. */
export type RoundsFigures = RouteFigures & { latencyP99RangeMs: [number, number] };

/**
 * Each route's median figures over `rounds` (each a measureRoutes result of the same routes), with
 * the lowest and highest p99 seen and every non-2xx answer and error counted.
 */
export function medianOfRounds(
  rounds: ReadonlyArray<Record<string, RouteFigures>>,
): Record<string, RoundsFigures> {
  const combined: Record<string, RoundsFigures> = {};
  for (const route of Object.keys(rounds[0] ?? {})) {
    const figures = rounds.map((round) => {
      const found = round[route];
      if (!found) throw new Error(`a round did not measure ${route}`);
      return found;
    });
    const of = (pick: (figure: RouteFigures) => number) => figures.map(pick);
    const p99s = of((figure) => figure.latencyP99Ms);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    combined[route] = {
      requestsPerSecond: Math.round(median(of((figure) => figure.requestsPerSecond))),
      latencyP50Ms: median(of((figure) => figure.latencyP50Ms)),
      latencyP99Ms: median(p99s),
      latencyP99RangeMs: [Math.min(...p99s), Math.max(...p99s)],
      non2xx: sum(of((figure) => figure.non2xx)),
      errors: sum(of((figure) => figure.errors)),
    };
  }
  return combined;
}
