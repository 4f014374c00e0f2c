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
  /**
   * Runs `work` while holding the lock named `key` across every process on this database
   * (a PostgreSQL advisory lock; PGlite is one process, so it just runs). `wait: false` gives up at
   * once, resolving to `skipped`, when another process holds it.
   */
  exclusive<T>(
    key: number,
    work: () => Promise<T>,
    options?: { wait?: boolean },
  ): Promise<{ ran: true; value: T } | { ran: false }>;
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

/** How long a request waits for a connection before it fails (never forever: docs/architecture.md §11). */
const CONNECT_TIMEOUT_MS = 5_000;

/** No query of the shop's takes near this (migrations run on a connection of their own). */
const QUERY_TIMEOUT_MS = 30_000;

/** An arbitrary constant, so concurrent instances run migrations one at a time. */
const MIGRATION_LOCK_KEY = 7_020_419;
export const LISTENER_APPLICATION_NAME = "gleam-listener";
/** The listening connection's pauses before reconnecting, doubling up to the longest. */
const LISTEN_FIRST_RETRY_MS = 250;
const LISTEN_LONGEST_RETRY_MS = 10_000;

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
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
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
    const db: Database = drizzleNodePostgres(pool, { schema, logger });
    const listener = new PostgresListener(options.url, (error) => onConnectionError?.(error));
    /** Holds the advisory lock on one pooled connection while `work` runs on any. */
    const exclusive: DatabaseHandle["exclusive"] = async (key, work, { wait = true } = {}) => {
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
        if (wait) await client.query("select pg_advisory_lock($1)", [key]);
        else {
          const { rows } = await client.query<{ locked: boolean }>(
            "select pg_try_advisory_lock($1) as locked",
            [key],
          );
          if (!rows[0]?.locked) return { ran: false };
        }
        try {
          return { ran: true, value: await work() };
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
    exclusive: async (_key, work) => ({ ran: true, value: await work() }),
    dumpDataDir: (compression) => client.dumpDataDir(compression ?? "none"),
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      // PGlite hands notifications over as the notifying transaction commits.
      return { live: () => true, caughtUp: async () => true, stop };
    },
  };
}

/**
 * A pool whose reads outlive a lost connection: a statement that reads only
 * (it begins with `select`), run outside a transaction and cut by its connection's end (the
 * server restarted, failed over, or ended the backend: pg_terminate_backend) is run again on
 * another connection, up to READ_ATTEMPTS times in all: when the server ends every connection at
 * once, the next idle one may be gone too before the pool has heard. A write is never run again:
 * it may have committed before the connection went. A transaction's statements run on a client
 * of their own, not through here.
 */
const READ_ATTEMPTS = 3;

class ReadRetryingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes its arguments through untouched.
  override query(...args: any[]): any {
    const run = () =>
      (super.query as (...given: unknown[]) => unknown)(...args) as Promise<unknown>;
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: unknown })?.text;
    // The callback form, or not a read: as pg runs it.
    if (typeof args.at(-1) === "function" || !isRead(text)) return run();
    const attempt = (left: number): Promise<unknown> =>
      run().catch(async (error: unknown) => {
        if (left <= 1 || !isConnectionLoss(error)) throw error;
        // A turn for the pool to hear of its other lost connections first.
        await new Promise((resolve) => setImmediate(resolve));
        return attempt(left - 1);
      });
    return attempt(READ_ATTEMPTS);
  }
}

const isRead = (text: unknown) => typeof text === "string" && /^\s*select\b/i.test(text);

/** The connection ended under the statement (not the statement's own fault). */
function isConnectionLoss(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // admin_shutdown (pg_terminate_backend), crash_shutdown, cannot_connect_now; a reset socket.
  if (code === "57P01" || code === "57P02" || code === "57P03") return true;
  if (code === "ECONNRESET" || code === "EPIPE") return true;
  return (
    typeof message === "string" &&
    /Connection terminated|not queryable|Client was closed/i.test(message)
  );
}

/**
 * One connection per process for every LISTEN, outside the pool (a pooled connection is shared
 * and may be closed at any time). When it is lost it reconnects by itself with a growing pause,
 * listens again, and tells each listener it may have missed something.
 */
class PostgresListener {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private readonly channels = new Map<string, Set<(payload?: string) => void>>();
  private connected = false;
  private closed = false;
  private retryMs = LISTEN_FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void,
  ) {}

  async listen(channel: string, onNotify: (payload?: string) => void): Promise<Listening> {
    let handlers = this.channels.get(channel);
    const isNew = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(onNotify);
    if (!this.client && !this.retryTimer) await this.connect();
    else {
      if (this.connecting) await this.connecting;
      // LISTEN twice on one channel is harmless; a reconnection listens to every channel itself.
      if (isNew && this.connected) await this.client?.query(`listen ${quoteIdent(channel)}`);
    }
    return {
      live: () => this.connected,
      caughtUp: async () => {
        const client = this.client;
        if (!this.connected || !client) return false;
        try {
          await client.query("select 1");
          return this.connected && this.client === client;
        } catch {
          return false;
        }
      },
      stop: async () => {
        handlers.delete(onNotify);
        if (handlers.size > 0) return;
        this.channels.delete(channel);
        if (this.connected) await this.client?.query(`unlisten ${quoteIdent(channel)}`);
      },
    };
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      // Named, so an operator (and a test) can tell it in pg_stat_activity.
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    this.client = client;
    client.on("notification", (message) => {
      for (const handler of this.channels.get(message.channel) ?? []) handler(message.payload);
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys())
        await client.query(`listen ${quoteIdent(channel)}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    const missedSome = this.retryMs !== LISTEN_FIRST_RETRY_MS;
    this.connected = true;
    this.retryMs = LISTEN_FIRST_RETRY_MS;
    // Back after an outage: whatever was notified meanwhile is unknown.
    if (missedSome) for (const handlers of this.channels.values()) for (const h of handlers) h();
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return;
    this.client = undefined;
    const wasConnected = this.connected;
    this.connected = false;
    client.removeAllListeners("end");
    client.end().catch(() => {});
    if (this.closed) return;
    if (error) this.onError(error);
    // Nothing is heard from now until the reconnection: the caches stop trusting notifications.
    if (wasConnected) for (const handlers of this.channels.values()) for (const h of handlers) h();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LISTEN_LONGEST_RETRY_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => {});
  }
}

/** A channel name as an SQL identifier (LISTEN takes no parameters). */
function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
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
