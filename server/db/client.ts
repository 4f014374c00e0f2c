import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Database, schema } from "./database";

export type DatabaseDriver = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseDriver;
  /** Applies the committed SQL migrations in drizzle/; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, so tests can start from a migrated copy. */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PGlite only (the one process that writes): calls `onNotify` for each NOTIFY on `channel`,
   * delivered when the notifying transaction commits; resolves to the way to stop listening.
   */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
};

type CommonOptions = {
  /** Called with every SQL statement run: for tests that count queries, and for debugging. */
  onQuery?: (query: string) => void;
};

export type DatabaseOptions = CommonOptions &
  (
    | {
        driver: "postgres";
        url: string;
        maxConnections?: number;
        /**
         * Called when PostgreSQL ends an idle pooled connection (a restart, a failover, an idle
         * timeout). The pool drops that connection and opens a new one when next needed.
         */
        onConnectionError?: (error: Error) => void;
      }
    | { driver: "pglite"; dataDir: string; loadDataDir?: Blob }
  );

/** How long a request waits for a connection before it fails (never forever: DESIGN §7). */
const CONNECT_TIMEOUT_MS = 5_000;

/** An arbitrary constant, so concurrent instances run migrations one at a time. */
const MIGRATION_LOCK_KEY = 7_020_419;

/** Finds drizzle/ from source (server/db/) and from the bundle (build/server/) alike. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    dir = dirname(dir);
  }
  const fromCwd = resolve("drizzle");
  if (existsSync(join(fromCwd, "meta", "_journal.json"))) return fromCwd;
  throw new Error("drizzle/ migrations folder not found");
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (options.driver === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // Without a listener, an idle connection ended by the server is an unhandled 'error' event,
    // which ends the whole process (STACK-NOTES pitfall 14).
    const { onConnectionError } = options;
    pool.on("error", (error) => onConnectionError?.(error));
    const db: Database = drizzleNodePostgres(pool, { schema, logger });
    return {
      db,
      driver: "postgres",
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          try {
            await migrateNodePostgres(drizzleNodePostgres(client), {
              migrationsFolder: migrationsFolder(),
            });
          } finally {
            await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  const inMemory = options.dataDir === "memory://";
  // PGlite does not create parent folders itself.
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = inMemory ? () => {} : lockDataDir(options.dataDir);
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : options.dataDir,
    loadDataDir: options.loadDataDir,
    // Trigram indexes for the admin's order search (migration 0009); PostgreSQL ships it too.
    extensions: { pg_trgm },
  });
  const db: Database = drizzlePglite(client, { schema, logger });
  return {
    db,
    driver: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    },
    async ping() {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
    dumpDataDir: () => client.dumpDataDir(),
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
  };
}

/**
 * PGlite is one process with one connection: two processes on the same folder would corrupt it.
 * A lock file holding the owner's pid turns that mistake into a clear error; a lock left by a
 * process that no longer runs is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, "gleam.lock");
  const pid = String(process.pid);
  try {
    writeFileSync(lockPath, pid, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSync(lockPath, "utf8"));
    if (owner && owner !== process.pid && isRunning(owner)) {
      throw new Error(
        `The database folder ${dataDir} is in use by process ${owner}: PGlite allows one process at a time. Stop that process first.`,
      );
    }
    writeFileSync(lockPath, pid);
  }
  return () => {
    try {
      if (readFileSync(lockPath, "utf8") === pid) rmSync(lockPath);
    } catch {
      // already gone
    }
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
