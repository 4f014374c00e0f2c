import type { ParkedEmail } from "@common/admin-figures";
import { formatLongDate } from "@common/dates";
import { Button } from "~/components/ui/button";
import { MailWarning } from "~/components/ui/icons";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "../account/use-account-form";
import { AttentionList } from "./attention-list";

/**
 * Emails the outbox gave up on after its last attempt (the mail server refused or was away for
 * hours): what they were, to whom, why they failed, and a way to send each again.
 */
export function ParkedEmailList({ emails }: { emails: ParkedEmail[] }) {
  const retry = useAccountForm("retry-email", (result) => {
    if (result.ok) void showToast("Email queued to be sent again");
    else {
      void showToast("Email not queued", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <AttentionList
      id="parked-emails-heading"
      title="Emails not delivered"
      empty="Every email has been delivered or is on its way."
      items={emails}
      keyOf={(email) => email.id}
    >
      {(email) => (
        <article
          aria-label={`Not delivered: ${email.subject} to ${email.toAddress}`}
          className="flex flex-wrap items-start gap-3"
        >
          <MailWarning className="mt-0.5 size-5 shrink-0 text-coral-strong" aria-hidden="true" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold">{email.subject}</p>
            <p className="text-ink-muted">
              To {email.toAddress} · {email.attempts} attempts · queued{" "}
              {formatLongDate(new Date(email.createdAt))}
            </p>
            {email.lastError ? <p className="mt-1 break-words">{email.lastError}</p> : null}
          </div>
          <retry.fetcher.Form method="post" action="/dashboard/admin-emails">
            <input type="hidden" name="emailId" value={email.id} />
            <Button
              type="submit"
              name="intent"
              value="retry"
              variant="secondary"
              size="sm"
              disabled={retry.busy}
            >
              Send again
            </Button>
          </retry.fetcher.Form>
        </article>
      )}
    </AttentionList>
  );
}
