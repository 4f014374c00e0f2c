import type { DatabaseHandle, Listening } from "../db/client";
import type { Database } from "../db/database";
import { sharedRead } from "../db/shared-read";

// The admin's figures kept between changes to what they count. The
// database says when that is: migration 0009's triggers notify `shop_figures_changed` when a
// transaction that wrote orders, their items, products or variants commits, whichever process or
// instance wrote. This process keeps each answer until the next such notification. While its
// listening connection is down (PostgreSQL only) nothing is kept: every read goes to the
// database, with concurrent identical reads shared (db/shared-read.ts); it empties what it kept
// when the connection is lost and again when it is back. Before answering from what it kept, it
// makes sure every notification of a change committed before the request has arrived (one round
// trip on the listening connection), so an admin sees their own change at once on any instance.
//
// A read that overlaps a change is answered but not kept: its snapshot may predate the change.

const CHANNEL = "shop_figures_changed";
/** Answers kept at most (the orders list keeps one per search and page): the oldest go first. */
const MAX_KEPT = 500;

type Kept = { generation: number; answers: Map<string, unknown>; listening?: Listening };
const kept = new WeakMap<Database, Kept>();

/** Starts keeping figures for this database, if it can tell this process of every change. */
export async function keepFiguresBetweenChanges(handle: DatabaseHandle): Promise<void> {
  if (kept.has(handle.db)) return;
  const state: Kept = { generation: 0, answers: new Map() };
  state.listening = await handle.listen(CHANNEL, () => {
    state.generation += 1;
    state.answers.clear();
  });
  kept.set(handle.db, state);
}

/** The answer of `read`, kept until the figures change when this process is told of changes. */
export async function figures<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
  const state = kept.get(db);
  // Every change committed before this read has been heard of (a change another request of this
  // process or another instance just made included), or nothing kept is used.
  if (!state?.listening || !(await state.listening.caughtUp())) return sharedRead(db, key, read);
  if (state.answers.has(key)) return state.answers.get(key) as T;
  const generation = state.generation;
  const answer = await sharedRead(db, key, read);
  if (state.generation === generation) {
    state.answers.set(key, answer);
    if (state.answers.size > MAX_KEPT) {
      const oldest = state.answers.keys().next().value;
      if (oldest !== undefined) state.answers.delete(oldest);
    }
  }
  return answer;
}
