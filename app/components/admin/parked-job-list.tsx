import type { ParkedJob } from "@common/admin/admin-figures";
import { formatLongDate } from "@common/dates";
import { Button } from "~/components/ui/button";
import { MailWarning } from "~/components/ui/icons";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "../account/use-account-form";
import { AttentionList } from "./attention-list";

/**
 * Background work the job queue gave up on after its last attempt (the mail server or the payment
 * provider refused or was away for hours): what it was, why it failed, and a way to try each again.
 */
export function ParkedJobList({ jobs }: { jobs: ParkedJob[] }) {
  const retry = useAccountForm("retry-job", (result) => {
    if (result.ok) void showToast("Queued to be tried again");
    else {
      void showToast("Not queued", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <AttentionList
      id="parked-jobs-heading"
      title="Background tasks that stopped"
      empty="Every email and payment follow-up has been done or is on its way."
      items={jobs}
      keyOf={(job) => job.id}
    >
      {(job) => (
        <article
          aria-label={`Stopped: ${job.summary}`}
          className="flex flex-wrap items-start gap-3"
        >
          <MailWarning className="mt-0.5 size-5 shrink-0 text-coral-strong" aria-hidden="true" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold break-words">{job.summary}</p>
            <p className="text-ink-muted">
              {job.attempts} attempts · stopped {formatLongDate(new Date(job.parkedAt))}
            </p>
            {job.lastError ? <p className="mt-1 break-words">{job.lastError}</p> : null}
          </div>
          <retry.fetcher.Form method="post" action="/dashboard/admin-jobs">
            <input type="hidden" name="jobId" value={job.id} />
            <Button
              type="submit"
              name="intent"
              value="retry"
              variant="secondary"
              size="sm"
              disabled={retry.busy}
            >
              Try again
            </Button>
          </retry.fetcher.Form>
        </article>
      )}
    </AttentionList>
  );
}
