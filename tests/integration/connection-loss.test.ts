import { databaseFaultedLately, watchDatabaseFaults } from "@server/db/database-faults";
import { ReadRetryingPool } from "@server/db/postgres-pool";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// A connection the server ends (a restart, a failover, an administrator) while the shop holds it
// between two statements of a transaction: node-postgres reports it as an 'error' event on that
// client, which ends the whole process when nothing listens (a worker would die so, as in the
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

  // Drizzle's transaction sends `begin` before its try/finally: a `begin` cut by a lost connection
  // would leave the client checked out for ever, the pool a connection short, and its end() (a
  // shutdown) waiting for ever.
  it("gives back a connection whose transaction could not even begin, so the pool can end", async () => {
    const pool = new ReadRetryingPool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 });
    pool.on("error", () => {});
    const client: pg.PoolClient = await pool.connect();
    client.on("error", () => {});
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    await database.db().execute(sql`select pg_terminate_backend(${rows[0]?.pid ?? 0})`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // As Drizzle's transaction does: begin, and on its failure no release.
    await expect(client.query("begin")).rejects.toThrow();
    expect(pool.totalCount).toBe(0);
    const ended = await Promise.race([
      pool.end().then(() => "ended"),
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5_000)),
    ]);
    expect(ended).toBe("ended");
  });

  // Each is a request's failure the shop answers 503 with Retry-After (server/http/app.ts).
  it("notes for the request every failure the database caused, and none a statement caused", async () => {
    const url = process.env.TEST_DATABASE_URL ?? "";
    const failure = async (pool: ReadRetryingPool, statement: string) => {
      const watch = watchDatabaseFaults(() => pool.query(statement));
      await expect(watch.result).rejects.toThrow();
      return watch.faulted();
    };
    // Every connection taken: none to be had from the pool in time.
    const busy = new ReadRetryingPool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: 200,
    });
    const held = await busy.connect();
    expect(await failure(busy, "select 1")).toBe(true);
    held.release();
    // The statement's own fault is not the database's.
    expect(await failure(busy, "select * from no_such_table")).toBe(false);
    await busy.end();

    // The server refusing more connections (too many: 53300).
    await database.db().execute(sql.raw("drop role if exists gleam_no_connections"));
    await database
      .db()
      .execute(sql.raw("create role gleam_no_connections login connection limit 0"));
    const refusing = new URL(url);
    refusing.username = "gleam_no_connections";
    const refused = new ReadRetryingPool({ connectionString: refusing.toString(), max: 1 });
    refused.on("error", () => {});
    expect(await failure(refused, "insert into no_such_table values (1)")).toBe(true);
    await refused.end();
    await database.db().execute(sql.raw("drop role gleam_no_connections"));
    expect(databaseFaultedLately()).toBe(true);
  });
});
