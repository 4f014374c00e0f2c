// Asking a background job to run now: code that just queued work (an email, a payment task)
// kicks the job that does it. The jobs themselves are started by the server
// (server/http/background-jobs.ts), which says here where a kick goes; until then, and in a
// process that runs no jobs, a kick does nothing and the job runs at its next interval.

export type JobName = "email-outbox" | "order-expiry" | "payment-tasks" | "unfinished-refunds";

let deliver: ((name: JobName) => void) | undefined;

/** Runs a job now (work was just queued for it), wherever the jobs run. */
export function kickJob(name: JobName): void {
  deliver?.(name);
}

/** Where kicks go from now on (undefined: nowhere, the jobs have stopped). */
export function deliverKicksTo(target: ((name: JobName) => void) | undefined): void {
  deliver = target;
}
