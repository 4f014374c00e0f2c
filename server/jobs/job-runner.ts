import type { Logger } from "../logger";

// The one runner of the shop's background jobs (the email outbox, the expiry of unpaid orders,
// the payment provider's follow-ups, and any later ones). Each job runs every `intervalMs`, never
// overlapping itself; a kick runs it as soon as it is free (once more if it is running, so work
// queued during a round is not left for the next interval). A failing round is logged and the
// job carries on. The rows a job works on are claimed with FOR UPDATE SKIP LOCKED, so the same
// job on several instances never does the same work twice.

export type Job = {
  name: string;
  intervalMs: number;
  /** One round: does what is due now. */
  run: () => Promise<unknown>;
  /** Run a first round as soon as the runner starts (default: wait one interval). */
  runAtStart?: boolean;
};

export type JobRunner = {
  /** Runs the named job now, or right after its current round. */
  kick(name: string): void;
  /** Stops every job and waits for the rounds under way. */
  stop(): Promise<void>;
};

export function startJobs(jobs: Job[], logger: Logger): JobRunner {
  let stopped = false;
  const loops = new Map(
    jobs.map((job) => {
      let running: Promise<void> | null = null;
      let again = false;
      const round = () => {
        if (stopped) return;
        if (running) {
          again = true;
          return;
        }
        running = job
          .run()
          .then(() => undefined)
          .catch((error: unknown) =>
            logger.error({ err: error, job: job.name }, "job round failed"),
          )
          .finally(() => {
            running = null;
            if (again) {
              again = false;
              round();
            }
          });
      };
      const timer = setInterval(round, job.intervalMs);
      timer.unref();
      if (job.runAtStart) round();
      return [job.name, { round, timer, current: () => running }] as const;
    }),
  );
  return {
    kick(name) {
      loops.get(name)?.round();
    },
    async stop() {
      stopped = true;
      for (const loop of loops.values()) clearInterval(loop.timer);
      await Promise.all([...loops.values()].map((loop) => loop.current()));
    },
  };
}
