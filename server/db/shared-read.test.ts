import { describe, expect, it } from "vitest";
import type { Database } from "./database";
import { sharedRead } from "./shared-read";

const db = {} as Database;
const other = {} as Database;

describe("sharedRead", () => {
  it("runs a read once for callers that ask while it runs, and afresh after it settles", async () => {
    let runs = 0;
    const read = () =>
      new Promise<number>((resolve) => {
        runs += 1;
        setTimeout(() => resolve(runs), 10);
      });
    const answers = await Promise.all([1, 2, 3].map(() => sharedRead(db, "figures", read)));
    expect(answers).toEqual([1, 1, 1]);
    expect(await sharedRead(db, "figures", read)).toBe(2);
    // Another key, or another database, is another read.
    await Promise.all([sharedRead(db, "other", read), sharedRead(other, "figures", read)]);
    expect(runs).toBe(4);
  });

  it("shares a failure with the callers who waited for it, and tries again after", async () => {
    let runs = 0;
    const failing = () => {
      runs += 1;
      return Promise.reject(new Error("the database went away"));
    };
    const results = await Promise.allSettled([
      sharedRead(db, "broken", failing),
      sharedRead(db, "broken", failing),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(runs).toBe(1);
    await expect(sharedRead(db, "broken", () => Promise.resolve("back"))).resolves.toBe("back");
  });
});
