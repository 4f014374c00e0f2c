import { formatLongDate } from "@common/dates";
import type { FormAnswer } from "@common/form-answer";
import { formatReturnNumber, type ReturnOffer, type ReturnView } from "@common/returns/returns";
import { useFetcher } from "react-router";
import { ReturnList } from "~/components/orders/return-list";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { fieldProblems } from "~/components/ui/field-problem";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";

/**
 * The customer's returns of an order (docs/storefront.md, Returns): each return's state and, once
 * approved, how to send it back; and, while the order allows, the form that asks for one.
 */
export function OrderReturns({
  returns,
  offer,
  returnAddress,
}: {
  returns: readonly ReturnView[];
  offer: ReturnOffer;
  returnAddress: readonly string[];
}) {
  // Here, not in the form: a request that succeeds closes the form before its answer is read.
  useAccountForm(RETURN_FORM, (result: FormAnswer) => {
    if (result.ok)
      void showToast("Return requested", {
        description: "We have emailed you, and will reply within 24 hours.",
      });
    else
      void showToast("Return not requested", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
  if (returns.length === 0 && !offer.lastDay) return null;
  return (
    <section aria-labelledby="returns-heading" className={cardClass}>
      <h2 id="returns-heading" className="text-lg font-semibold">
        Returns
      </h2>
      {returns.length > 0 ? (
        <ReturnList returns={returns}>
          {(view) =>
            view.status === "approved" ? (
              <div className="mt-3 rounded-md bg-brand/5 p-3">
                <p className="font-medium">How to send it back</p>
                <p className="mt-1">
                  Pack the items with a note saying{" "}
                  <span className="font-mono font-semibold">{formatReturnNumber(view.number)}</span>{" "}
                  and post them to:
                </p>
                <address className="mt-1 not-italic">
                  {returnAddress.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <p className="mt-1 text-ink-muted">
                  Once it reaches us we refund the card you paid with.
                </p>
              </div>
            ) : null
          }
        </ReturnList>
      ) : null}
      {offer.open ? (
        <ReturnForm offer={offer} />
      ) : (
        <p className="mt-3 text-sm text-ink-muted">{offer.closedBecause}</p>
      )}
    </section>
  );
}

const RETURN_FORM = "request-return";

function ReturnForm({ offer }: { offer: ReturnOffer }) {
  const fetcher = useFetcher<FormAnswer>({ key: RETURN_FORM });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.ok === false ? fetcher.data : null;
  const { errorFor, invalid } = fieldProblems(
    "return",
    answer ? { field: answer.field, message: answer.message ?? "" } : null,
  );
  return (
    <fetcher.Form method="post" className="mt-4 space-y-4" aria-label="Return items">
      <input type="hidden" name="intent" value="request-return" />
      <p className="text-sm text-ink-muted">
        {offer.lastDay
          ? `You can ask to return items until ${formatLongDate(new Date(offer.lastDay))}.`
          : null}
      </p>
      <fieldset className="space-y-2" {...invalid("items")}>
        <legend className="text-sm font-medium">What to return</legend>
        {offer.lines
          .filter((line) => line.returnable > 0)
          .map((line) => (
            <div key={line.orderItemId} className="flex items-center justify-between gap-3">
              <label htmlFor={`return-${line.orderItemId}`} className="text-sm">
                {line.name}
              </label>
              <div className="w-24 shrink-0">
                <Select
                  id={`return-${line.orderItemId}`}
                  name={`quantity:${line.orderItemId}`}
                  defaultValue="0"
                >
                  {Array.from({ length: line.returnable + 1 }, (_, count) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the counts 0..n, fixed.
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          ))}
        {errorFor("items")}
      </fieldset>
      <Field id="return-reason" label="Reason">
        <Select id="return-reason" name="reason" required defaultValue="" {...invalid("reason")}>
          <option value="" disabled>
            Choose a reason
          </option>
          {offer.reasons.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </Select>
        {errorFor("reason")}
      </Field>
      <Field id="return-details" label="Anything to add? (optional)">
        <Textarea id="return-details" name="details" height="sm" maxLength={1000} />
      </Field>
      <Button type="submit" disabled={busy}>
        Request a return
      </Button>
    </fetcher.Form>
  );
}
