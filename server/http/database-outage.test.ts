import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DatabaseOutage } from "./database-outage";

const logger = pino({ level: "silent" });

describe("DatabaseOutage", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("blames the database only when it does not answer", async () => {
    const outage = new DatabaseOutage(async () => {}, logger);
    expect(await outage.explains()).toBe(false);
    expect(outage.down()).toBe(false);
  });

  it("begins an outage when the ping fails, and ends it when a probe gets an answer", async () => {
    vi.useFakeTimers();
    let answering = false;
    const pings = vi.fn(async () => {
      if (!answering) throw new Error("connect ECONNREFUSED");
    });
    const outage = new DatabaseOutage(pings, logger);
    // Many failed requests at once share one ping.
    const verdicts = await Promise.all([outage.explains(), outage.explains(), outage.explains()]);
    expect(verdicts).toEqual([true, true, true]);
    expect(pings).toHaveBeenCalledTimes(1);
    expect(outage.down()).toBe(true);
    // While down, no request pings: the answer is known.
    expect(await outage.explains()).toBe(true);
    expect(pings).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(pings).toHaveBeenCalledTimes(2);
    expect(outage.down()).toBe(true);
    answering = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outage.down()).toBe(false);
    expect(await outage.explains()).toBe(false);
  });

  it("counts a ping that hangs as no answer", async () => {
    vi.useFakeTimers();
    const outage = new DatabaseOutage(() => new Promise<void>(() => {}), logger);
    const verdict = outage.explains();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await verdict).toBe(true);
  });
});
