import type { Database } from "./database";
import { sharedFaults } from "./database-faults";

// Request coalescing for expensive reads (the admin's figures): callers asking for the same read
// of the same database while it is running share its answer instead of each running it again, so
// ten admins' tabs refreshing at once cost the database one read, not ten. Nothing is kept once
// the read settles: the next caller reads afresh, so an answer is never older than the moment it
// was asked for, give or take the one read in flight.

const running = new WeakMap<Database, Map<string, Promise<unknown>>>();

export function sharedRead<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
  let reads = running.get(db);
  if (!reads) {
    reads = new Map();
    running.set(db, reads);
  }
  const current = reads.get(key);
  if (current) return sharedFaults(current as Promise<T>);
  const started = read().finally(() => reads.delete(key));
  reads.set(key, started);
  return started;
}
