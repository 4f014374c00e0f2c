import { existsSync, mkdirSync } from "node:fs";
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
import { lockDataDir } from "./data-dir-lock";
import type { Database } from "./database";
import { PostgresListener } from "./postgres-listener";
import { CONNECT_TIMEOUT_MS, ReadRetryingPool } from "./postgres-pool";
import { statementRan } from "./statement-count";
export type DatabaseDriver = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseDriver;
  /** Applies the committed SQL migrations in drizzle/; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the lock named `key` across every process on this database, waiting
   * for it (a PostgreSQL advisory lock; PGlite is one process, so it just runs).
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (for /metrics). */
  connections?: () => { open: number; idle: number; waiting: number };
  /**
   * PGlite only: the whole data folder as a tarball (gzipped when asked): a backup, or a migrated
   * copy for tests to start from.
   */
  dumpDataDir?: (compression?: "gzip") => Promise<Blob>;
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel`, delivered when the notifying
   * transaction commits, whichever process sent it. On PostgreSQL one connection per process
   * listens; while it is down (a restart, a network fault) `live()` is false, and when it is back
   * `onNotify` is called once without a payload, since notifications may have been missed then.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<Listening>;
};

export type Listening = {
  /** True while every notification on the channel reaches this process. */
  live(): boolean;
  /**
   * Resolves once every notification of a transaction committed before the call has been handed
   * to `onNotify` (on PostgreSQL a round trip on the listening connection, which the server sends
   * pending notifications ahead of); false if the connection is down.
   */
  caughtUp(): Promise<boolean>;
  stop(): Promise<void>;
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

/** No query of the shop's takes near this (migrations run on a connection of their own). */
const QUERY_TIMEOUT_MS = 30_000;

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

/**
 * Typo tolerance of the catalogue search: how close a word of the shop must be to a
 * word typed for `word % typed` (pg_trgm's similarity, default 0.3) to stand in for it. At 0.4 a
 * letter missing or two swapped still match ("whitning", "toothpst", "wihtening") while a
 * different word sharing a start does not ("strong" is not "strips"); decision record 015. Set
 * on every session, since the operator reads it from there and the index answers it.
 */
const WORD_SIMILARITY_THRESHOLD = 0.4;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { onQuery } = options;
  const logger = {
    logQuery(query: string) {
      statementRan();
      onQuery?.(query);
    },
  };
  if (options.driver === "postgres") {
    const pool = new ReadRetryingPool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A query with no answer (the network to the database gone silent) fails after this, and
      // its connection is dropped, instead of holding a request and a connection for ever.
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
      options: `-c pg_trgm.similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    });
    // Without a listener, an idle connection ended by the server is an unhandled 'error' event,
    // which ends the whole process (pg's documented behaviour for idle clients).
    const { onConnectionError } = options;
    pool.on("error", (error) => onConnectionError?.(error));
    // A connection ended while it is checked out (between two statements of a transaction, say)
    // emits 'error' on its client, where the pool does not listen: unheard, that too would end
    // the process. The transaction then fails on its next statement and its client is dropped
    // when released. While idle the pool's own listener is attached too and reports it, as
    // exclusive's below does for its connection: only an otherwise unheard error is passed on.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        if (client.listenerCount("error") === 1) onConnectionError?.(error);
      });
    });
    const db: Database = drizzleNodePostgres(pool, { logger });
    const listener = new PostgresListener(options.url, (error) => onConnectionError?.(error));
    /** Holds the advisory lock on one pooled connection while `work` runs on any. */
    const exclusive: DatabaseHandle["exclusive"] = async (key, work) => {
      const client = await pool.connect();
      // A connection the server ends while it is held here (a restart, a failover) emits 'error'
      // on the client, not the pool: unheard, that would end the process.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
        onConnectionError?.(error);
      };
      client.on("error", onError);
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        try {
          return await work();
        } finally {
          // A lost connection took its lock with it.
          await client.query("select pg_advisory_unlock($1)", [key]).catch((error: Error) => {
            broken ??= error;
          });
        }
      } finally {
        client.off("error", onError);
        // A broken connection is dropped from the pool, not handed to the next caller.
        client.release(broken);
      }
    };
    return {
      db,
      driver: "postgres",
      exclusive,
      async migrate() {
        await exclusive(MIGRATION_LOCK_KEY, async () => {
          // Its own connection, without the pool's query timeout: an index on a big table may
          // take a while to build.
          const client = new pg.Client({
            connectionString: options.url,
            connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          });
          await client.connect();
          try {
            await migrateNodePostgres(drizzleNodePostgres(client), {
              migrationsFolder: migrationsFolder(),
            });
          } finally {
            await client.end();
          }
        });
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      listen: (channel, onNotify) => listener.listen(channel, onNotify),
      connections: () => ({
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  const inMemory = options.dataDir === "memory://";
  // PGlite does not create parent folders itself.
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = inMemory ? () => {} : lockDataDir(options.dataDir);
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : options.dataDir,
    loadDataDir: options.loadDataDir,
    // Trigram indexes for the admin's order search (migration 0009) and the catalogue's typo
    // tolerance (0014); PostgreSQL ships it too.
    extensions: { pg_trgm },
  });
  await client.exec(`set pg_trgm.similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db: Database = drizzlePglite(client, { logger });
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
    exclusive: (_key, work) => work(),
    dumpDataDir: (compression) => client.dumpDataDir(compression ?? "none"),
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      // PGlite hands notifications over as the notifying transaction commits.
      return { live: () => true, caughtUp: async () => true, stop };
    },
  };
}
