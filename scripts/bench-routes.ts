import autocannon from "autocannon";

/** One route's figures under load. */
export type RouteFigures = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

function run(url: string, connections: number, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) =>
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
): Promise<Record<string, RouteFigures>> {
  const results: Record<string, RouteFigures> = {};
  for (const route of routes) {
    await run(`${baseUrl}${route}`, connections, 2);
    const result = await run(`${baseUrl}${route}`, connections, seconds);
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
