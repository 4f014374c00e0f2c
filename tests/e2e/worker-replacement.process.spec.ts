import { readFileSync } from "node:fs";
import pg from "pg";
import { type BuiltServer, startBuiltServer } from "../../scripts/built-server";
import { expect, test } from "./fixtures";
import { NEEDS_POSTGRES, postgresUrl, seededPostgresDatabase } from "./seeded-shop";

// One instance with two worker processes (WEB_CONCURRENCY=2, node's cluster): a worker that dies
// is replaced, and a shopper never meets the replacement before it is ready (a 503 "unavailable"
// page while it connects to the database), from the first healthy answer on. Each kill may cost
// the requests the killed worker was answering (their connection drops), nothing more. Both
// workers are killed in turn, so the first replacement must really serve: when the second dies,
// it is the only one left. PostgreSQL only: PGlite is one process.
const databaseName = "gleam_e2e_worker_replacement";
/** Shoppers asking at once, each request on a connection of its own (the cluster hands out
 * connections, not requests). */
const SHOPPERS = 4;

/** The worker processes of a cluster's primary (Linux). */
function workerPids(server: BuiltServer): number[] {
  const pid = server.child.pid;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return children === "" ? [] : children.split(" ").map(Number);
}

/** Shoppers loading pages until stopped, keeping every status (0: the connection failed). */
function shoppers(url: string) {
  let running = true;
  const statuses: number[] = [];
  const loops = Array.from({ length: SHOPPERS }, async () => {
    while (running) {
      try {
        const response = await fetch(`${url}/store`, {
          headers: { Connection: "close" },
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      } catch {
        statuses.push(0);
      }
    }
  });
  return {
    statuses,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

test.describe("worker processes on PostgreSQL", () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.describe.configure({ timeout: 100_000 });

  test("a dead worker is replaced without a shopper meeting it before it is ready", async () => {
    const database = await seededPostgresDatabase(postgresUrl, databaseName);
    const shop = new pg.Client({ connectionString: database.url });
    let server: BuiltServer | undefined;
    try {
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        SHOP_MODE: "demo",
        WEB_CONCURRENCY: "2",
        PAGE_CACHE_TTL_SECONDS: "0",
        LOG_LEVEL: "warn",
      });
      await shop.connect();
      const listeners = async () => {
        const { rows } = await shop.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'gleam-listener'",
          [databaseName],
        );
        return rows[0]?.n ?? 0;
      };
      const running = shoppers(server.url);
      const kills: number[] = [];
      const originals = workerPids(server);
      expect(originals).toHaveLength(2);
      /** Waits until the shoppers have loaded `pages` more pages. */
      const moreLoads = async (pages: number) => {
        const from = running.statuses.length;
        await expect
          .poll(() => running.statuses.length, { intervals: [50] })
          .toBeGreaterThan(from + pages);
      };
      for (const victim of originals) {
        await moreLoads(20);
        expect(workerPids(server as BuiltServer)).toContain(victim);
        kills.push(running.statuses.length);
        process.kill(victim, "SIGKILL");
        // The replacement is forked, connects and gets ready: both workers hold their listening
        // connection again (the dead one's is gone once PostgreSQL notices).
        await expect
          .poll(
            async () => {
              const now = workerPids(server as BuiltServer);
              return now.length === 2 && !now.includes(victim) ? await listeners() : 0;
            },
            { timeout: 30_000, intervals: [200] },
          )
          .toBe(2);
      }
      await moreLoads(20);
      await running.stop();

      const { statuses } = running;
      const count = (status: number) => statuses.filter((each) => each === status).length;
      const summary = `${statuses.length} requests: ${count(200)} answered 200, ${count(503)} 503, ${count(0)} failed connections, around kills at ${kills.join(" and ")}`;
      process.stdout.write(`worker replacement: ${summary}\n`);
      expect(count(200), summary).toBeGreaterThan(100);
      expect(
        statuses.filter((status) => status !== 200 && status !== 0),
        summary,
      ).toEqual([]);
      // At most the requests in flight on the killed worker, per kill.
      expect(count(0), summary).toBeLessThanOrEqual(2 * SHOPPERS);
    } finally {
      await server?.stop();
      await shop.end().catch(() => undefined);
      await database.drop();
    }
  });
});
