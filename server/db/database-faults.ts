import { AsyncLocalStorage } from "node:async_hooks";

// A request that failed because the database could not serve it (every connection taken, the
// connection cut, the server refusing new ones) is the shop's trouble, not the request's: it is
// answered 503 with Retry-After, never 500 (server/http/app.ts). The pool notes each such error
// here, for the request it happened in and for /healthz, which says "degraded" for a while after.

type Watch = { faulted: boolean };
const watching = new AsyncLocalStorage<Watch>();
/** How long /healthz says "degraded" after the last fault. */
const DEGRADED_FOR_MS = 10_000;
let lastFaultAt = Number.NEGATIVE_INFINITY;

/**
 * Whether an error says the database could not serve the statement, whatever the statement:
 * too many connections (53300), the server shutting down or starting (57P01-57P03), a connection
 * lost or refused (class 08, socket errors), or no connection to be had from the pool in time;
 * or an error caused by one.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const { code, message, cause } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  // Drizzle wraps the driver's error in its own ("Failed query: …"), the driver's as its cause.
  if (cause !== undefined && depth < 5 && isDatabaseUnavailable(cause, depth + 1)) return true;
  if (typeof code === "string") {
    if (code === "53300" || /^57P0[123]$/.test(code) || code.startsWith("08")) return true;
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"].includes(code)) {
      return true;
    }
  }
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|Client was closed|not queryable|too many clients|too many connections/i.test(
      message,
    )
  );
}

/** Called by the database pool for every error a statement or a connection ends with. */
export function noteDatabaseError(error: unknown): void {
  if (!isDatabaseUnavailable(error)) return;
  lastFaultAt = Date.now();
  const watch = watching.getStore();
  if (watch) watch.faulted = true;
}

/**
 * A read shared between requests (a cache's read in flight, a coalesced read), for one more of
 * them: its failure is noted for this request too. The pool notes a failure once, for the
 * request whose statement it was; the others awaiting the same promise would otherwise answer
 * 500 for the same fault.
 */
export function sharedFaults<T>(shared: Promise<T>): Promise<T> {
  return shared.catch((error: unknown) => {
    noteDatabaseError(error);
    throw error;
  });
}

/** Runs `work`; `faulted()` then says whether the database failed it (see noteDatabaseError). */
export function watchDatabaseFaults<T>(work: () => Promise<T>): {
  result: Promise<T>;
  faulted: () => boolean;
} {
  const watch: Watch = { faulted: false };
  return { result: watching.run(watch, work), faulted: () => watch.faulted };
}

/** Whether the database failed a statement within the last few seconds (for /healthz). */
export function databaseFaultedLately(now = Date.now()): boolean {
  return now - lastFaultAt < DEGRADED_FOR_MS;
}
