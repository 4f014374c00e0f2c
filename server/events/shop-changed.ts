// "What the storefront shows has changed" (a setting, later a product): the admin's writes say so
// here, and the caches of this process listen (the page cache empties itself, server/http/main.ts).
// Other instances find out when their caches' short lifetimes end; telling every instance at once
// (PostgreSQL LISTEN/NOTIFY) belongs to the production issue.

type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` on every change from now on; returns the way to stop. */
export function onShopChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function shopChanged(): void {
  for (const listener of listeners) listener();
}
