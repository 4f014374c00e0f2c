import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// A connection the server ends (a restart, a failover, an administrator) while the shop holds it
// between two statements of a transaction: node-postgres reports it as an 'error' event on that
// client, which ends the whole process when nothing listens (CI saw a worker die so, in the
// database-faults test). It must fail that transaction only.

describe.runIf(testDrivers.includes("postgres"))("a lost connection on PostgreSQL", () => {
  const database = useTestDatabase("postgres");

  it("ended inside a transaction, between statements, fails that transaction and nothing else", async () => {
    const db = database.db();
    const attempt = db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      // Ended from another connection while this one waits for the shop's next statement.
      await db.execute(sql`select pg_terminate_backend(${rows[0]?.pid ?? 0})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    await expect(attempt).rejects.toThrow();
    // The pool goes on with a fresh connection.
    const { rows } = (await db.execute(sql`select 1 as one`)) as unknown as {
      rows: Array<{ one: number }>;
    };
    expect(rows).toEqual([{ one: 1 }]);
  });
});
