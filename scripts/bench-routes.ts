import autocannon from "autocannon";

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
