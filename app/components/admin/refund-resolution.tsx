import { formatPence } from "@common/money";
import { useRef, useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { showToast } from "~/lib/toast";
import { useConfirmedSubmit } from "./use-confirmed-submit";

type Outcome = "made" | "not-made" | "checked";

const done: Record<Outcome, string> = {
  made: "Refund recorded as made",
  "not-made": "Refund recorded as not made",
  checked: "Refund marked as checked",
};

/**
 * What the admin does with a refund flagged for them (server/orders/order-refunds.ts): one the provider
 * never confirmed is recorded as made or not made, once checked in the provider's dashboard; one
 * recorded with a difference is marked as checked. Each asks first: the first moves the order's
 * refunded amount.
 */
export function RefundResolution({
  refund,
}: {
  refund: { id: string; amountPence: number; status: string };
}) {
  const form = useRef<HTMLFormElement>(null);
  const [chosen, setChosen] = useState<Outcome>(refund.status === "pending" ? "made" : "checked");
  const { fetcher } = useAccountForm(`resolve-refund-${refund.id}`, (result) => {
    if (result.ok) void showToast(done[chosen]);
    else
      void showToast("Refund not updated", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
  const asking = useConfirmedSubmit(fetcher);
  const amount = formatPence(refund.amountPence);
  const ask = (outcome: Outcome) => {
    if (!form.current) return;
    setChosen(outcome);
    asking.ask(
      form.current,
      {
        made: {
          title: `Record the refund of ${amount} as made?`,
          detail: (
            <p>
              Only if the payment provider's dashboard shows it: the order's refunded amount goes up
              by {amount}.
            </p>
          ),
          confirmLabel: "Record as made",
          busyLabel: "Recording…",
        },
        "not-made": {
          title: `Record the refund of ${amount} as not made?`,
          detail: (
            <p>
              Only if the payment provider's dashboard does not show it: nothing is refunded, and
              the order may be refunded again.
            </p>
          ),
          confirmLabel: "Record as not made",
          busyLabel: "Recording…",
        },
        checked: {
          title: "Mark this refund as checked?",
          detail: <p>It leaves the overview's list; the order keeps what was recorded.</p>,
          confirmLabel: "Mark as checked",
          busyLabel: "Saving…",
        },
      }[outcome],
    );
  };
  return (
    <fetcher.Form ref={form} method="post" className="mt-2 flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="resolve-refund" />
      <input type="hidden" name="refundId" value={refund.id} />
      <input type="hidden" name="outcome" value={chosen} />
      {refund.status === "pending" ? (
        <>
          <Button size="sm" variant="secondary" disabled={asking.busy} onClick={() => ask("made")}>
            Record as made
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={asking.busy}
            onClick={() => ask("not-made")}
          >
            Record as not made
          </Button>
        </>
      ) : (
        <Button size="sm" variant="secondary" disabled={asking.busy} onClick={() => ask("checked")}>
          Mark as checked
        </Button>
      )}
      {asking.dialog}
    </fetcher.Form>
  );
}
