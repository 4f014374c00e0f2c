import pg from "pg";
import type { Listening } from "./client";
import { CONNECT_TIMEOUT_MS } from "./postgres-pool";

export const LISTENER_APPLICATION_NAME = "gleam-listener";
/** The listening connection's pauses before reconnecting, doubling up to the longest. */
const LISTEN_FIRST_RETRY_MS = 250;
const LISTEN_LONGEST_RETRY_MS = 10_000;

/**
 * One connection per process for every LISTEN, outside the pool (a pooled connection is shared
 * and may be closed at any time). When it is lost it reconnects by itself with a growing pause,
 * listens again, and tells each listener it may have missed something.
 */
export class PostgresListener {
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
