import { describe, expect, it } from "vitest";
import { noteDatabaseError, watchDatabaseFaults } from "../db/database-faults";
import { readUntilShopChanges } from "./shop-changed";

describe("a read kept until the shop changes", () => {
  it("fails every request sharing it as the database's fault, not only the first", async () => {
    // As Drizzle wraps the driver's error: the pool notes the driver's, the callers get Drizzle's.
    const tooMany = new Error("Failed query: select value from shop_settings", {
      cause: Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
    });
    let fail: (error: unknown) => void = () => {};
    const read = readUntilShopChanges(60_000, (_key: object) => {
      // As the pool does: the fault is noted where the statement ran.
      const failed = new Promise<string>((_, reject) => {
        fail = reject;
      });
      return failed.catch((error: unknown) => {
        noteDatabaseError(error);
        throw error;
      });
    });
    const key = {};
    const requests = [0, 1, 2].map(() =>
      watchDatabaseFaults(async () => {
        await read(key);
      }),
    );
    fail(tooMany);
    for (const request of requests) {
      await expect(request.result).rejects.toThrow("Failed query");
      expect(request.faulted()).toBe(true);
    }
  });
});
