import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type JobRunner, startJobs } from "./job-runner";

const silent = pino({ level: "silent" });

describe("the job runner", () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    // Rounds under way finish on the fake clock.
    const stopping = runner?.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    await stopping;
    vi.useRealTimers();
  });

  it("runs each job every interval, never two rounds of one job at once", async () => {
    vi.useFakeTimers();
    let active = 0;
    let most = 0;
    let rounds = 0;
    const slow = () =>
      new Promise<void>((resolve) => {
        active++;
        most = Math.max(most, active);
        rounds++;
        setTimeout(() => {
          active--;
          resolve();
        }, 250);
      });
    runner = startJobs([{ name: "slow", intervalMs: 100, run: slow }], silent);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(most).toBe(1);
    expect(rounds).toBeGreaterThanOrEqual(3);
  });

  it("a kick runs a job at once, and once more after a round under way", async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    let finish: (() => void) | undefined;
    const job = () =>
      new Promise<void>((resolve) => {
        started.push(Date.now());
        finish = resolve;
      });
    runner = startJobs([{ name: "outbox", intervalMs: 60_000, run: job }], silent);
    runner.kick("outbox");
    expect(started).toHaveLength(1);
    runner.kick("outbox");
    runner.kick("outbox");
    expect(started).toHaveLength(1);
    finish?.();
    await vi.advanceTimersByTimeAsync(0);
    // The two kicks during the round ask for one more round, not two.
    expect(started).toHaveLength(2);
    finish?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(2);
    runner.kick("no-such-job");
  });

  it("logs a failing round and keeps the job going; stop waits for the round under way", async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const logger = pino(
      { level: "error" },
      { write: (line: string) => errors.push(JSON.parse(line)) },
    );
    let calls = 0;
    let finished = false;
    runner = startJobs(
      [
        {
          name: "flaky",
          intervalMs: 100,
          runAtStart: true,
          run: async () => {
            calls++;
            if (calls === 1) throw new Error("database went away");
            await new Promise((resolve) => setTimeout(resolve, 50));
            finished = true;
          },
        },
      ],
      logger,
    );
    await vi.advanceTimersByTimeAsync(120);
    expect(errors).toEqual([expect.objectContaining({ job: "flaky", msg: "job round failed" })]);
    expect(calls).toBe(2);
    const stopping = runner.stop();
    await vi.advanceTimersByTimeAsync(50);
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    runner = undefined;
  });
});
