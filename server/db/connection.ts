import { sql } from "drizzle-orm";
import { env } from "../env";
import { logger } from "../logger";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "./client";
import type { Database } from "./database";

// The process-wide database: opened and migrated once (the server seeds the demo shop after). Kept on
// globalThis so the dev server's module reloads never open the same PGlite folder twice.
const globalKey = Symbol.for("gleam.database");
type GlobalWithDatabase = typeof globalThis & { [globalKey]?: Promise<DatabaseHandle> };
const store = globalThis as GlobalWithDatabase;

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export function configuredDatabase(): DatabaseOptions {
  return env.DATABASE_URL
    ? {
        driver: "postgres",
        url: env.DATABASE_URL,
        onConnectionError: (error) =>
          logger.warn({ err: error }, "database connection lost; the pool reconnects when needed"),
      }
    : { driver: "pglite", dataDir: env.DATA_DIR };
}

async function startDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase(configuredDatabase());
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  // PGlite runs no autovacuum: fresh planner statistics at each start (PostgreSQL keeps its own).
  if (handle.driver === "pglite") await handle.db.execute(sql`analyze`);
  logger.info({ driver: handle.driver }, "database ready");
  return handle;
}

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 15_000;

/**
 * The process-wide database once it answers. A PostgreSQL server that cannot be reached yet (it
 * starts after the shop, or is restarting) is tried again with a growing pause, for as long as it
 * takes: the caller answers 503 meanwhile. The embedded database has no such state: its failure
 * (a folder in use, a disk error) is thrown at once.
 */
export async function waitForDatabase(): Promise<DatabaseHandle> {
  let delay = FIRST_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await getDatabaseHandle();
    } catch (error) {
      if (configuredDatabase().driver !== "postgres") throw error;
      logger.warn(
        { err: error, attempt, retryInMs: delay },
        "database not reachable at start; trying again",
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
    }
  }
}

function getDatabaseHandle(): Promise<DatabaseHandle> {
  store[globalKey] ??= startDatabase().catch((error: unknown) => {
    store[globalKey] = undefined;
    throw error;
  });
  return store[globalKey];
}

/**
 * Makes an already open database the process-wide one, or forgets it (undefined) without closing
 * it: integration tests hand their own database to the routes this way.
 */
export function setDatabaseHandle(handle: DatabaseHandle | undefined): void {
  store[globalKey] = handle ? Promise.resolve(handle) : undefined;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

export async function closeDatabase(): Promise<void> {
  const pending = store[globalKey];
  store[globalKey] = undefined;
  if (pending) await (await pending).close();
}
