import { freshPostgresDatabase } from "./bench-database";
import { measureRoutes } from "./bench-routes";
import { startBuiltServer } from "./built-server";

// What a second core buys: the uncached product page and /api/products on PostgreSQL,
// served by one worker process and then by two (WEB_CONCURRENCY), page cache off so every request
// renders and queries. The database is made afresh on the server BENCH_POSTGRES_URL names
// (created and dropped here: gleam_bench_workers) and seeded with the demo shop.

const ROUTES = ["/product/prod1", "/api/products"];
const DATABASE = "gleam_bench_workers";

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
      try {
        report[`workers${workers}`] = await measureRoutes(server.url, ROUTES, connections, seconds);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.drop();
  }
  return report;
}
