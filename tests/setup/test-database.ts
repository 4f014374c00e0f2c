import { readFileSync } from "node:fs";
import { type DatabaseDriver, type DatabaseHandle, openDatabase } from "@server/db/client";
import type { Database } from "@server/db/database";
import { deliveryMethods } from "@server/delivery/schema";
import { shopChanged } from "@server/events/shop-changed";
import { documentCounters } from "@server/invoices/schema";
import { findStockDiscrepancies } from "@server/stock/stock-service";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";

// A real database per test file (tests are the one place that reads TEST_DATABASE_URL; the shop's
// own configuration goes through server/env.ts). Every file runs on one driver: PostgreSQL when
// TEST_DATABASE_URL is set, PGlite otherwise. What differs between the two (migrations, listening,
// locks and leases, one connection against a pool) runs on both: `everyDriver` (docs/testing.md).
const postgresUrl = process.env.TEST_DATABASE_URL;

export const testDrivers: DatabaseDriver[] = postgresUrl ? ["postgres"] : ["pglite"];

export const everyDriver: DatabaseDriver[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

const workerId = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";

/** PGlite starts from the data folder migrated once per run (tests/setup/integration-templates.ts). */
let pgliteTemplate: Blob | undefined;

function migratedPgliteTemplate(): Blob {
  pgliteTemplate ??= new Blob([readFileSync(inject("pgliteTemplateFile"))]);
  return pgliteTemplate;
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The worker's database, made afresh: a copy of the run's migrated template, or empty. Named after
 * the template, so the run's teardown drops it.
 */
async function freshPostgresDatabase(
  base: string,
  migrated: boolean,
  second: boolean,
): Promise<string> {
  const template = inject("postgresTemplate");
  const name = `${template}_w${workerId}${second ? "_b" : ""}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}${migrated ? ` template ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(base, name);
}

const postgresUrls = new WeakMap<DatabaseHandle, string>();

/**
 * A second handle on a PostgreSQL test database: its own pool and listening connection, as another
 * instance of the shop would have. The caller closes it.
 */
export function connectAgain(handle: DatabaseHandle): Promise<DatabaseHandle> {
  const url = postgresUrls.get(handle);
  if (!url) throw new Error("connectAgain: a PostgreSQL test database only");
  return openDatabase({ driver: "postgres", url, maxConnections: 2 });
}

export type TestDatabaseOptions = {
  onQuery?: (query: string) => void;
  /** PostgreSQL pool size (default 4). */
  maxConnections?: number;
  /** false: an empty database, no migrations applied (for tests of the migrations themselves). */
  migrated?: boolean;
  /** A second database beside the suite's own (another shop), not the same one made afresh. */
  second?: boolean;
};

export async function openTestDatabase(
  driver: DatabaseDriver,
  options: TestDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (driver === "postgres") {
    if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
    const url = await freshPostgresDatabase(
      postgresUrl,
      options.migrated !== false,
      options.second === true,
    );
    const handle = await openDatabase({
      driver: "postgres",
      url,
      maxConnections: options.maxConnections ?? 4,
      onQuery: options.onQuery,
    });
    postgresUrls.set(handle, url);
    return handle;
  }
  return openDatabase({
    driver: "pglite",
    dataDir: "memory://",
    loadDataDir: options.migrated === false ? undefined : migratedPgliteTemplate(),
    onQuery: options.onQuery,
  });
}

/**
 * Every table of every domain's schema (so a new table is reset without anyone remembering to add
 * it): each domain keeps its tables in server/<domain>/schema.ts.
 */
const schemas = import.meta.glob<Record<string, unknown>>("../../server/*/schema.ts", {
  eager: true,
});
const allTables = Object.values(schemas)
  .flatMap((module) => Object.values(module))
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

/** The tables the migrations fill (the first delivery methods, the document number series). */
const migratedTables = [deliveryMethods, documentCounters] as const;
type MigratedRows = Map<PgTable, Record<string, unknown>[]>;

async function readMigratedRows(db: Database): Promise<MigratedRows> {
  const rows: MigratedRows = new Map();
  for (const table of migratedTables) rows.set(table, await db.select().from(table));
  return rows;
}

/**
 * Empties every table between tests, and tells the process's caches (the category list, the
 * settings) that what they hold is gone, as the admin's saves do. The rows the migrations wrote
 * are put back as they were.
 */
async function resetDatabase(db: Database, migrated: MigratedRows): Promise<void> {
  await db.execute(sql.raw(`truncate table ${allTables.join(", ")} restart identity cascade`));
  for (const [table, rows] of migrated) if (rows.length > 0) await db.insert(table).values(rows);
  shopChanged();
}

/**
 * Registers the hooks of one suite on one driver; call `db()` inside tests. After every test on a
 * migrated database, each variant's stock must still be the sum of its movements (docs/architecture.md#data):
 * whatever a test did (concurrent checkouts, expiry, payments, deletions), nothing wrote stock
 * behind the stock module's back.
 */
export function useTestDatabase(driver: DatabaseDriver, options: TestDatabaseOptions = {}) {
  let handle: DatabaseHandle | undefined;
  let migratedRows: MigratedRows = new Map();
  beforeAll(async () => {
    handle = await openTestDatabase(driver, options);
    if (options.migrated !== false) migratedRows = await readMigratedRows(handle.db);
  });
  beforeEach(async () => {
    if (handle) await resetDatabase(handle.db, migratedRows);
  });
  afterEach(async () => {
    if (handle && options.migrated !== false) {
      expect(
        await findStockDiscrepancies(handle.db),
        "stock that is not the sum of its movements",
      ).toEqual([]);
    }
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    db(): Database {
      if (!handle) throw new Error("the test database is not open yet");
      return handle.db;
    },
    handle(): DatabaseHandle {
      if (!handle) throw new Error("the test database is not open yet");
      return handle;
    },
  };
}

/**
 * A background round's time that finds a row just queued due (an email, a payment task): a second
 * on, since the database stamps the row in microseconds and a Date holds milliseconds, so a round
 * in the same millisecond would find it not yet due.
 */
export function dueNow(): Date {
  return new Date(Date.now() + 1000);
}
