import autocannon from "autocannon";
import { freshPostgresDatabase } from "./bench-database";
import { startBuiltServer } from "./built-server";

// What a second core buys (issue 14): the uncached product page and /api/products on PostgreSQL,
// served by one worker process and then by two (WEB_CONCURRENCY), page cache off so every request
// renders and queries. The database is made afresh on the server BENCH_POSTGRES_URL names
// (created and dropped here: gleam_bench_workers) and seeded with the demo shop.

const ROUTES = ["/product/prod1", "/api/products"];
const DATABASE = "gleam_bench_workers";

function run(url: string, connections: number, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

export async function benchWorkers(serverUrl: string, connections: number, seconds: number) {
  const database = await freshPostgresDatabase(serverUrl, DATABASE);
  const report: Record<string, unknown> = { database: "PostgreSQL", pageCache: "off" };
  try {
    for (const workers of [1, 2]) {
      const server = await startBuiltServer(
        {
          DATABASE_URL: database.url,
          SHOP_MODE: "demo",
          WEB_CONCURRENCY: String(workers),
          PAGE_CACHE_TTL_SECONDS: "0",
          LOG_LEVEL: "info",
        },
        { captureOutput: false },
      );
      const results: Record<string, unknown> = {};
      try {
        for (const route of ROUTES) {
          await run(`${server.url}${route}`, connections, 2);
          const result = await run(`${server.url}${route}`, connections, seconds);
          results[route] = {
            requestsPerSecond: Math.round(result.requests.average),
            latencyP50Ms: result.latency.p50,
            latencyP99Ms: result.latency.p99,
            non2xx: result.non2xx,
            errors: result.errors,
          };
        }
      } finally {
        await server.stop();
      }
      report[`workers${workers}`] = results;
    }
  } finally {
    await database.drop();
  }
  return report;
}
