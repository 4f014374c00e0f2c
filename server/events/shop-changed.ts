import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { sharedFaults } from "../db/database-faults";
import { kickJob } from "../jobs/job-kick";
import { logger } from "../logger";

// "What the storefront shows has changed" (a product, a setting, a review): the admin's writes say
// so here, after their transaction commits. The caches of this process listen (the page cache
// empties itself, server/start/main.ts; the settings are read afresh) and hear it at once. On
// PostgreSQL every other process and instance hears it too, through a NOTIFY on CHANNEL: their
// caches empty within the notification's round trip, not after their lifetime. While this
// process's listening connection is down, or when it comes back, its caches are emptied as well:
// what changed meanwhile is unknown.

const CHANNEL = "gleam_shop_changed";
/** Marks this process's own notifications, which it has already acted on. */
const origin = randomUUID();

type Listener = () => void;
const listeners = new Set<Listener>();
let broadcast: (() => Promise<unknown>) | undefined;

/** Calls `listener` on every change from now on; returns the way to stop. */
export function onShopChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `read` through a short cache, as the storefront's slow-changing data is read (the settings, the
 * category list): one read per `key` (a database handle) at most every `ttlMs`, dropped at once
 * when the shop changes; `ttlMs` bounds it should a notification be lost. A failed read is not
 * kept: the next caller tries again. Callers share what is kept and do not change it; a read that
 * fails because of the database fails each caller sharing it as the database's fault
 * (server/db/database-faults.ts).
 */
export function readUntilShopChanges<Key extends object, Value>(
  ttlMs: number,
  read: (key: Key) => Promise<Value>,
): (key: Key) => Promise<Value> {
  let kept = new WeakMap<Key, Kept<Value>>();
  onShopChanged(() => {
    kept = new WeakMap();
  });
  return (key) => keptRead(kept, key, ttlMs, () => read(key));
}

/**
 * As readUntilShopChanges, for reads that differ by their arguments as well (a product's reviews,
 * by product, filter and page), kept by `nameOf` them: at most `maxNames` per database handle, the
 * oldest dropped first, so arguments a visitor makes up cannot grow the process.
 */
export function readEachUntilShopChanges<Owner extends object, Args extends unknown[], Value>(
  ttlMs: number,
  maxNames: number,
  nameOf: (...args: Args) => string,
  read: (owner: Owner, ...args: Args) => Promise<Value>,
): (owner: Owner, ...args: Args) => Promise<Value> {
  let kept = new WeakMap<Owner, Map<string, Kept<Value>>>();
  onShopChanged(() => {
    kept = new WeakMap();
  });
  return (owner, ...args) => {
    let names = kept.get(owner);
    if (!names) {
      names = new Map();
      kept.set(owner, names);
    }
    const name = nameOf(...args);
    if (names.size >= maxNames && !names.has(name)) {
      const oldest = names.keys().next();
      if (!oldest.done) names.delete(oldest.value);
    }
    return keptRead(names, name, ttlMs, () => read(owner, ...args));
  };
}

type Kept<Value> = { value: Promise<Value>; expires: number };
type KeptMap<Key, Value> = {
  get(key: Key): Kept<Value> | undefined;
  set(key: Key, kept: Kept<Value>): unknown;
  delete(key: Key): unknown;
};

function keptRead<Key, Value>(
  kept: KeptMap<Key, Value>,
  key: Key,
  ttlMs: number,
  read: () => Promise<Value>,
): Promise<Value> {
  const found = kept.get(key);
  if (found && found.expires > Date.now()) return sharedFaults(found.value);
  const value = read();
  const entry = { value, expires: Date.now() + ttlMs };
  kept.set(key, entry);
  value.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return value;
}

function changedHere(): void {
  for (const listener of listeners) listener();
}

export function shopChanged(): void {
  changedHere();
  // The change may have queued purges of the shared cache in front: they go now, not at the
  // queue's next round.
  kickJob();
  broadcast?.().catch((error: unknown) =>
    logger.warn({ err: error }, "could not tell the other instances of a change"),
  );
}

/**
 * Shares changes with every process on `handle`'s database, both ways. PGlite is one process:
 * nothing to share.
 */
export async function shareShopChanges(handle: DatabaseHandle): Promise<void> {
  if (handle.driver !== "postgres" || broadcast) return;
  await handle.listen(CHANNEL, (payload) => {
    if (payload !== origin) changedHere();
  });
  broadcast = () => handle.db.execute(sql`select pg_notify(${CHANNEL}, ${origin})`);
}
