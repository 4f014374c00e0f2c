import { describe, expect, it } from "vitest";
import {
  databaseFaultedLately,
  isDatabaseUnavailable,
  noteDatabaseError,
  watchDatabaseFaults,
} from "./database-faults";

describe("database faults", () => {
  it("tells the database's failures from a statement's own", () => {
    for (const error of [
      { code: "53300", message: "sorry, too many clients already" },
      { code: "57P01", message: "terminating connection due to administrator command" },
      { code: "08006", message: "connection failure" },
      { code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" },
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated unexpectedly"),
      // As Drizzle wraps the driver's error.
      new Error("Failed query: select 1", {
        cause: Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
      }),
    ]) {
      expect(isDatabaseUnavailable(error), JSON.stringify(error)).toBe(true);
    }
    for (const error of [
      { code: "23505", message: "duplicate key value violates unique constraint" },
      { code: "42P01", message: 'relation "x" does not exist' },
      { code: "40001", message: "could not serialize access" },
      new Error("Product not found."),
      null,
    ]) {
      expect(isDatabaseUnavailable(error), JSON.stringify(error)).toBe(false);
    }
  });

  it("notes a fault for the request it happened in only, and for the health check a while", async () => {
    const failing = watchDatabaseFaults(async () => {
      noteDatabaseError({ code: "53300" });
    });
    const other = watchDatabaseFaults(async () => {
      noteDatabaseError({ code: "23505" });
    });
    await Promise.all([failing.result, other.result]);
    expect(failing.faulted()).toBe(true);
    expect(other.faulted()).toBe(false);
    expect(databaseFaultedLately()).toBe(true);
    expect(databaseFaultedLately(Date.now() + 60_000)).toBe(false);
  });
});
