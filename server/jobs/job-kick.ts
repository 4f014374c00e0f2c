// Asking the job queue to run now: code that just queued work (an email, a payment task) kicks
// it. The queue's runner is started by the server (server/start/background-jobs.ts), which says
// here where a kick goes; until then, and in a process that runs no jobs, a kick does nothing and
// the work runs at the queue's next round.

let deliver: (() => void) | undefined;

/** Runs the job queue now (work was just queued for it), wherever the jobs run. */
export function kickJob(): void {
  deliver?.();
}

/** Where kicks go from now on (undefined: nowhere, the jobs have stopped). */
export function deliverKicksTo(target: (() => void) | undefined): void {
  deliver = target;
}
