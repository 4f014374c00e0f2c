import { AsyncLocalStorage } from "node:async_hooks";

// What one request works out once and shares with every loader it runs: React Router hands each
// loader its own copy of the request, so the copy cannot carry it; the scope follows the request's
// async work instead. Outside a request (scripts, tests calling a service) nothing is shared.

type Scope = Map<string, unknown>;

const storage = new AsyncLocalStorage<Scope>();

/** Runs the handling of one request in its own scope. */
export function inRequestScope<T>(handle: () => Promise<T>): Promise<T> {
  return storage.run(new Map(), handle);
}

/** `compute`'s result for this request: worked out by the first caller, shared with the rest. */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const scope = storage.getStore();
  if (!scope) return compute();
  if (!scope.has(key)) scope.set(key, compute());
  return scope.get(key) as T;
}

/** Drops what this request worked out under `key`: the next caller works it out again. */
export function forgetInRequest(key: string): void {
  storage.getStore()?.delete(key);
}
