import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { logger } from "../logger";

// "What the storefront shows has changed" (a product, a setting, a review): the admin's writes say
// so here, after their transaction commits. The caches of this process listen (the page cache
// empties itself, server/http/main.ts; the settings are read afresh) and hear it at once. On
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

function changedHere(): void {
  for (const listener of listeners) listener();
}

export function shopChanged(): void {
  changedHere();
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
