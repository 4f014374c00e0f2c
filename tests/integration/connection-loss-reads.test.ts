import type { DatabaseHandle } from "@server/db/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAgain, testDrivers, useTestDatabase } from "../setup/test-database";

// PostgreSQL ends the shop's connections (pg_terminate_backend, a restart, a
// failover) with requests in flight. A read cut that way is run once more on a fresh connection
// and answers; a write is never run again (it may have committed), and fails as it was. PostgreSQL
// only: the embedded database has no connections to lose.

// Without PostgreSQL (TEST_DATABASE_URL) the suite is reported skipped; CI always has it (.ci/run).
describe.runIf(testDrivers.includes("postgres")).each(["postgres"] as const)(
  "reads in flight when PostgreSQL ends the connections (%s)",
  (driver) => {
    const database = useTestDatabase(driver, { maxConnections: 4 });
    let operator: DatabaseHandle | undefined;
    beforeAll(async () => {
      operator = await connectAgain(database.handle());
    });
    afterAll(async () => {
      await operator?.close();
    });

    /** The rows of a statement run through Drizzle (typed for both drivers, so read as rows). */
    const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;

    /** Ends every backend on the test database but the operator's own, as an operator would. */
    async function endConnections() {
      if (!operator) throw new Error("no operator connection");
      const ended = await rowsOf(
        operator.db.execute(
          sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        ),
      );
      return ended.length;
    }

    it("answers every read in flight, and never runs a write twice", async () => {
      const db = database.db();
      // Four connections open and idle, so each statement below starts on one at once.
      await Promise.all([1, 2, 3, 4].map(() => rowsOf(db.execute(sql`select pg_sleep(0.05)`))));
      // A slow write and six slow reads on a pool of four (three reads wait for a connection).
      // The write first, so it holds a connection when they end.
      // (Drizzle runs a statement when it is awaited: rowsOf starts each one now.)
      const write = rowsOf(
        db.execute(
          sql`insert into search_words (word, products) select 'cut-short', 0 from pg_sleep(0.5)`,
        ),
      ).then(
        () => "ran",
        (error: unknown) => error,
      );
      const reads = Array.from({ length: 6 }, (_, index) =>
        rowsOf<{ read: number }>(db.execute(sql`select pg_sleep(0.5), ${index}::int as read`)),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await endConnections()).toBeGreaterThan(0);
      const answered = await Promise.all(reads);
      expect(answered.map((rows) => rows[0]?.read)).toEqual([0, 1, 2, 3, 4, 5]);
      // Failed, as it was: not run again on another connection.
      expect(await write).toBeInstanceOf(Error);
      expect(
        await rowsOf(db.execute(sql`select word from search_words where word = 'cut-short'`)),
      ).toEqual([]);
      // The pool is whole again.
      expect(await rowsOf(db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    });
    it("answers reads whose next connections were ended too, before the pool heard", async () => {
      const db = database.db();
      for (let round = 0; round < 5; round++) {
        // Four open connections: two busy with a slow read, two idle; all four end at once, so a
        // read's next try may be handed an idle one that is already gone.
        await Promise.all([1, 2, 3, 4].map(() => rowsOf(db.execute(sql`select pg_sleep(0.05)`))));
        const reads = [0, 1].map((index) =>
          rowsOf<{ read: number }>(db.execute(sql`select pg_sleep(0.3), ${index}::int as read`)),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        await endConnections();
        expect((await Promise.all(reads)).map((rows) => rows[0]?.read)).toEqual([0, 1]);
      }
    });
  },
);
