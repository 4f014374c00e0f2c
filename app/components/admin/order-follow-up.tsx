import type { FormAnswer } from "@common/form-answer";
import type { AdminOrderDetail } from "@common/orders/order-types";
import { type ReactNode, useRef } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";

type Order = AdminOrderDetail["order"];

/**
 * One follow-up form, posted with its own fetcher: a toast says it went (and the form empties) or
 * why not; a refused field shows its message beside it.
 */
function FollowUpForm({
  name,
  done,
  children,
}: {
  name: string;
  done: string;
  children: (problems: ReturnType<typeof fieldProblems>, busy: boolean) => ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy } = useAccountForm(`order-${name}`, (result: FormAnswer) => {
    if (result.ok) {
      form.current?.reset();
      void showToast(done);
    } else
      void showToast("Not sent", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
  const answer = fetcher.data?.ok === false ? fetcher.data : null;
  const problems = fieldProblems(
    `follow-up-${name}`,
    answer?.problems ?? (answer ? { field: answer.field, message: answer.message ?? "" } : null),
  );
  return (
    <fetcher.Form ref={form} method="post" className="space-y-3">
      {children(problems, busy)}
    </fetcher.Form>
  );
}

/**
 * The admin's follow-up on an order (docs/admin.md): a note for the team, a message to the
 * customer, and the order's emails sent again. Each lands on the history beside it.
 */
export function OrderFollowUp({ order }: { order: Order }) {
  const canEmail = order.userId !== null;
  return (
    <section aria-labelledby="follow-up-heading" className={cardClass}>
      <h2 id="follow-up-heading" className="text-lg font-semibold">
        Follow-up
      </h2>
      <div className="mt-3 space-y-6">
        <FollowUpForm name="note" done="Note added">
          {({ errorFor, invalid }, busy) => (
            <>
              <input type="hidden" name="intent" value="note" />
              <Field
                id="order-note"
                label="Note for the team"
                hint="Only admins see it. It goes on the history with your name."
              >
                <Textarea
                  id="order-note"
                  name="note"
                  height="sm"
                  maxLength={2000}
                  required
                  aria-describedby="order-note-hint"
                  {...invalid("note")}
                />
                {errorFor("note")}
              </Field>
              <Button type="submit" variant="secondary" disabled={busy}>
                Add note
              </Button>
            </>
          )}
        </FollowUpForm>

        {canEmail ? (
          <FollowUpForm name="message" done="Email sent">
            {({ errorFor, invalid }, busy) => (
              <fieldset className="space-y-3 border-t border-line pt-5">
                <legend className="float-left mb-1 text-base font-semibold">
                  Email the customer
                </legend>
                <p className="clear-left text-sm text-ink-muted">
                  To {order.customerEmail}, with a link to their order. It goes on the history.
                </p>
                <input type="hidden" name="intent" value="message" />
                <Field id="order-message-subject" label="Subject">
                  <Input
                    id="order-message-subject"
                    name="subject"
                    maxLength={150}
                    required
                    {...invalid("subject")}
                  />
                  {errorFor("subject")}
                </Field>
                <Field id="order-message-body" label="Message">
                  <Textarea
                    id="order-message-body"
                    name="body"
                    height="md"
                    maxLength={2000}
                    required
                    {...invalid("body")}
                  />
                  {errorFor("body")}
                </Field>
                <Button type="submit" disabled={busy}>
                  Send email
                </Button>
              </fieldset>
            )}
          </FollowUpForm>
        ) : (
          <p className="border-t border-line pt-5 text-sm text-ink-muted">
            The customer deleted their account: the shop has no address to write to.
          </p>
        )}

        {canEmail && (order.paidAt || order.fulfilledAt) ? (
          <div className="space-y-3 border-t border-line pt-5">
            <h3 className="text-base font-semibold">Send an email again</h3>
            <div className="flex flex-wrap gap-3">
              {order.paidAt ? (
                <ResendButton email="confirmation" label="Resend confirmation" />
              ) : null}
              {order.fulfilledAt ? (
                <ResendButton email="shipped" label="Resend shipping email" />
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function ResendButton({ email, label }: { email: "confirmation" | "shipped"; label: string }) {
  return (
    <FollowUpForm name={`resend-${email}`} done="Email sent again">
      {(_, busy) => (
        <>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={email} />
          <Button type="submit" variant="secondary" disabled={busy}>
            {label}
          </Button>
        </>
      )}
    </FollowUpForm>
  );
}
