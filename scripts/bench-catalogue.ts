import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseOptions, openDatabase } from "@server/db/client";
import { seedProducts } from "@server/seed/catalog-data";
import { seedScaleCatalog } from "@server/seed/scale-catalog";
import { seedCatalog } from "@server/seed/seed-catalog";
import { freshPostgresDatabase } from "./bench-database";
import { measureRoutes, medianOfRounds, type RouteFigures } from "./bench-routes";
import { type BuiltServer, startBuiltServer } from "./built-server";

// The catalogue at scale: the store's listing API, its search and a deep store page,
// page cache off so every request queries and renders, with 100 and with 10,000 products, so the
// two can be compared: cost should follow what a page shows, not the catalogue's size. On the
// PostgreSQL server BENCH_POSTGRES_URL names (a database for each size, made and dropped here),
// else on PGlite in temporary folders. `npm run bench` runs it; alone:
// `npm run build && npx tsx scripts/bench-catalogue.ts`.

const SIZES = [100, 10_000];
/** Databases gleam_bench_catalogue_100 and _10000, made and dropped here. */
const DATABASE = "gleam_bench_catalogue";
const ROUNDS = 3;
const PAGE_SIZE = 24;

/**
 * The three catalogue routes of docs/performance.md (the deepest store page: page 40, or the last full page of a smaller
 * catalogue), and a mistyped search, which looks for close words before it searches again.
 */
function routesFor(size: number): string[] {
  const deepPage = Math.min(40, Math.floor(size / PAGE_SIZE));
  return [
    "/api/products?limit=24",
    "/api/products?q=whitening",
    `/store?page=${deepPage}`,
    "/api/products?q=whitning&limit=24",
  ];
}

type BenchDatabase = {
  env: Record<string, string>;
  options: DatabaseOptions;
  cleanUp(): Promise<void>;
};

async function seeded(postgresUrl: string | undefined, name: string): Promise<BenchDatabase> {
  if (postgresUrl) {
    const database = await freshPostgresDatabase(postgresUrl, name);
    return {
      env: { DATABASE_URL: database.url },
      options: { driver: "postgres", url: database.url },
      cleanUp: () => database.drop(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "gleam-bench-catalogue-"));
  return {
    env: { DATA_DIR: dataDir },
    options: { driver: "pglite", dataDir },
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A catalogue's database, seeded, and its server, started. */
type SizedShop = { size: number; database: BenchDatabase; server: BuiltServer };

async function openShop(size: number, postgresUrl: string | undefined): Promise<SizedShop> {
  const database = await seeded(postgresUrl, `${DATABASE}_${size}`);
  try {
    const handle = await openDatabase(database.options);
    try {
      await handle.migrate();
      await seedCatalog(handle.db);
      await seedScaleCatalog(handle.db, size - seedProducts.length);
    } finally {
      await handle.close();
    }
    const server = await startBuiltServer(
      { ...database.env, SHOP_MODE: "demo", PAGE_CACHE_TTL_SECONDS: "0", LOG_LEVEL: "info" },
      { captureOutput: false },
    );
    return { size, database, server };
  } catch (error) {
    await database.cleanUp();
    throw error;
  }
}

/**
 * Both catalogues are served at once and measured in turn, ROUNDS times (every route of one
 * size, then of the other), and each figure is the median of its rounds: this machine's speed
 * drifts from one minute to the next (the same build's throughput has differed threefold between
 * two runs minutes apart), and measuring one size after the other, minutes apart, would put that
 * drift into the comparison the issue asks for.
 *
 * Each round also measures every route with one connection per core (`perCoreConnections`,
 * figures under `products<size>PerCore`): no more requests at once than the machine can serve at
 * once, so the latency is a request's own time, not its wait behind others. At `connections` (10) on a machine of two cores, which the server,
 * PostgreSQL and the load generator share, a request mostly waits (decision record 032): the two
 * figures tell the cost of a request from the machine's capacity.
 */
export async function benchCatalogue(
  connections: number,
  seconds: number,
  postgresUrl = process.env.BENCH_POSTGRES_URL,
  rounds = ROUNDS,
) {
  const report: Record<string, unknown> = {
    database: postgresUrl ? "PostgreSQL" : "PGlite (data folder)",
    pageCache: "off",
    rounds,
  };
  const shops: SizedShop[] = [];
  try {
    for (const size of SIZES) shops.push(await openShop(size, postgresUrl));
    const perCore = Math.min(availableParallelism(), connections);
    report.perCoreConnections = perCore;
    const loads = [
      { key: "", connections },
      { key: "PerCore", connections: perCore },
    ];
    const measured = new Map<string, Array<Record<string, RouteFigures>>>();
    for (let round = 0; round < rounds; round++) {
      for (const load of loads) {
        for (const shop of shops) {
          const key = `products${shop.size}${load.key}`;
          const figures = await measureRoutes(
            shop.server.url,
            routesFor(shop.size),
            load.connections,
            seconds,
          );
          measured.set(key, [...(measured.get(key) ?? []), figures]);
        }
      }
    }
    for (const [key, figures] of measured) report[key] = medianOfRounds(figures);
  } finally {
    for (const shop of shops) {
      await shop.server.stop();
      await shop.database.cleanUp();
    }
  }
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  benchCatalogue(connections, seconds)
    .then((report) => console.log(JSON.stringify(report, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
