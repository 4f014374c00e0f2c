import pg from "pg";
import { noteDatabaseError } from "./database-faults";

/** How long a request waits for a connection before it fails (never forever: docs/architecture.md#running-and-scaling). */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool whose reads outlive a lost connection: a statement that reads only
 * (it begins with `select`), run outside a transaction and cut by its connection's end (the
 * server restarted, failed over, or ended the backend: pg_terminate_backend) is run again on
 * another connection. When the server ends every connection at once, the next idle one may be
 * gone too before the pool has heard (on a busy machine, for longer than any fixed wait): each
 * failed try takes its dead connection out of the pool, so one try more than the pool holds ends
 * on a connection opened after the loss. A write is never run again: it may have committed before
 * the connection went. A transaction's statements run on a client of their own, not through here.
 */

/**
 * Every statement's failure is noted (./database-faults.ts), so a request the database could not
 * serve is answered 503. Clients whose `begin` gives its connection back when the connection is lost: Drizzle's
 * transaction (drizzle-orm/node-postgres session.transaction) sends `begin` before its
 * try/finally, so a `begin` cut by a lost connection never releases the client. Each such client
 * would stay checked out for ever: the pool one connection smaller every time, and its end()
 * (a shutdown) waiting for ever. Here the client is released, as broken, before the error goes on.
 */
const givesBackOnFailedBegin = new WeakSet<pg.PoolClient>();

function giveBackOnFailedBegin(client: pg.PoolClient): pg.PoolClient {
  if (givesBackOnFailedBegin.has(client)) return client;
  givesBackOnFailedBegin.add(client);
  const query = client.query.bind(client) as (...given: unknown[]) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes its arguments through untouched.
  (client as { query: (...given: any[]) => any }).query = (...args: unknown[]) => {
    const result = query(...args);
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: unknown })?.text;
    if (!(result instanceof Promise)) return result;
    const begins = typeof text === "string" && /^\s*begin\b/i.test(text);
    return result.catch((error: unknown) => {
      noteDatabaseError(error);
      if (begins && isConnectionLoss(error)) client.release(error instanceof Error ? error : true);
      throw error;
    });
  };
  return client;
}

/** pg's own default pool size. */
const DEFAULT_POOL_SIZE = 10;

export class ReadRetryingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's connect has a callback form and a promise form; both are passed through.
  override connect(...args: any[]): any {
    // The callback form is pg's own (its pool.query), which releases its client itself.
    if (typeof args[0] === "function") return super.connect(args[0]);
    return super.connect().then(giveBackOnFailedBegin, (error: unknown) => {
      // No connection to be had (every one taken, the server refusing): noted for the request.
      noteDatabaseError(error);
      throw error;
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes its arguments through untouched.
  override query(...args: any[]): any {
    const run = () =>
      (super.query as (...given: unknown[]) => unknown)(...args) as Promise<unknown>;
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: unknown })?.text;
    // The callback form: as pg runs it. Not a read: run once, its failure noted.
    if (typeof args.at(-1) === "function") return run();
    if (!isRead(text)) {
      return run().catch((error: unknown) => {
        noteDatabaseError(error);
        throw error;
      });
    }
    const attempt = (left: number): Promise<unknown> =>
      run().catch(async (error: unknown) => {
        if (left <= 1 || !isConnectionLoss(error)) {
          noteDatabaseError(error);
          throw error;
        }
        // A turn for the pool to hear of its other lost connections first.
        await new Promise((resolve) => setImmediate(resolve));
        return attempt(left - 1);
      });
    return attempt((this.options.max ?? DEFAULT_POOL_SIZE) + 1);
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
