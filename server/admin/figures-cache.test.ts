import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import type { Database } from "../db/database";
import { figures, keepFiguresBetweenChanges } from "./figures-cache";

/** A database handle whose change notifications the test sends itself. */
function fakeHandle() {
  let notify = () => {};
  const handle = {
    db: {} as Database,
    listen: async (_channel: string, onNotify: () => void) => {
      notify = onNotify;
      return { live: () => true, caughtUp: async () => true, stop: async () => {} };
    },
  } as unknown as DatabaseHandle;
  return { handle, changed: () => notify() };
}

describe("figures kept between changes", () => {
  it("keeps an answer until a change, and never one whose read overlapped a change", async () => {
    const { handle, changed } = fakeHandle();
    await keepFiguresBetweenChanges(handle);
    let reads = 0;
    const read = async () => ++reads;
    expect(await figures(handle.db, "k", read)).toBe(1);
    expect(await figures(handle.db, "k", read)).toBe(1);
    changed();
    expect(await figures(handle.db, "k", read)).toBe(2);
    // A change while the read runs: that answer is given, not kept.
    changed();
    const overlapping = figures(handle.db, "k", async () => {
      changed();
      return ++reads;
    });
    expect(await overlapping).toBe(3);
    expect(await figures(handle.db, "k", read)).toBe(4);
    expect(await figures(handle.db, "k", read)).toBe(4);
  });

  it("keeps at most 500 answers, dropping the oldest", async () => {
    const { handle } = fakeHandle();
    await keepFiguresBetweenChanges(handle);
    let reads = 0;
    const read = async () => ++reads;
    for (let index = 0; index <= 500; index++) await figures(handle.db, `page-${index}`, read);
    expect(reads).toBe(501);
    await figures(handle.db, "page-500", read);
    expect(reads).toBe(501);
    await figures(handle.db, "page-0", read);
    expect(reads).toBe(502);
  });

  it("reads every time for a database that does not announce its changes", async () => {
    const db = {} as Database;
    let reads = 0;
    await figures(db, "k", async () => ++reads);
    await figures(db, "k", async () => ++reads);
    expect(reads).toBe(2);
  });
});
