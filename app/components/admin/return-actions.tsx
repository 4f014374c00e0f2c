import type { FormAnswer } from "@common/form-answer";
import { formatPence } from "@common/money";
import type { AdminOrderDetail } from "@common/orders/order-types";
import { formatReturnNumber, type ReturnView, returnValuePence } from "@common/returns/returns";
import { type ReactNode, useRef } from "react";
import { useFetcher } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { ReturnList } from "~/components/orders/return-list";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";
import { useConfirmedSubmit } from "./use-confirmed-submit";

type Order = AdminOrderDetail["order"];

const done: Record<string, string> = {
  "return-approve": "Return approved",
  "return-reject": "Return rejected",
  "return-receive": "Return received and refunded",
  "return-refund": "Refund made",
};

/**
 * One action on a return, posted with its intent's fetcher; asks first when `confirm` says what.
 * Its answer is a toast from OrderReturnsAdmin, which stays on the page when this form goes.
 */
function ReturnForm({
  intent,
  view,
  order,
  confirm,
  children,
}: {
  intent: keyof typeof done;
  view: ReturnView;
  order: Order;
  confirm?: (form: HTMLFormElement) => Parameters<ReturnType<typeof useConfirmedSubmit>["ask"]>[1];
  children: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<FormAnswer>({ key: intent });
  const asking = useConfirmedSubmit(fetcher);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="space-y-3"
      onSubmit={(event) => {
        if (!confirm) return;
        event.preventDefault();
        asking.ask(event.currentTarget, confirm(event.currentTarget));
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnId" value={view.id} />
      <input type="hidden" name="status" value={order.status} />
      {children}
      {asking.dialog}
    </fetcher.Form>
  );
}

/** The items' value as the server refunds it: capped at what is left of the order. */
function itemsValue(order: Order, view: ReturnView, includeDelivery: boolean) {
  const left = order.totalPence - order.refundedPence;
  return Math.min(left, returnValuePence(order, view.items, includeDelivery));
}

/** What the admin may do with each return of the order: answer it, receive it, refund it. */
function ReturnActions({ view, order }: { view: ReturnView; order: Order }) {
  const id = (name: string) => `${name}-${view.id}`;
  if (view.status === "requested") {
    return (
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <ReturnForm intent="return-approve" view={view} order={order}>
          <Field id={id("approve-message")} label="Message to the customer (optional)">
            <Textarea id={id("approve-message")} name="message" height="sm" maxLength={1000} />
          </Field>
          <p className="text-sm text-ink-muted">They are emailed how to send it back.</p>
          <Button type="submit">Approve return</Button>
        </ReturnForm>
        <ReturnForm intent="return-reject" view={view} order={order}>
          <Field id={id("reject-message")} label="Why not (the customer reads it)">
            <Textarea
              id={id("reject-message")}
              name="message"
              height="sm"
              maxLength={1000}
              required
            />
          </Field>
          <Button type="submit" variant="secondary">
            Reject return
          </Button>
        </ReturnForm>
      </div>
    );
  }
  if (view.status === "approved") {
    const left = order.totalPence - order.refundedPence;
    return (
      <ReturnForm
        intent="return-receive"
        view={view}
        order={order}
        confirm={(form) => {
          const fields = new FormData(form);
          const full = fields.get("refund") === "full";
          const amount = full
            ? left
            : itemsValue(order, view, fields.get("includeDelivery") === "on");
          return {
            title: `Refund ${formatPence(amount)} for return ${formatReturnNumber(view.number)}?`,
            detail: (
              <p>
                The money goes back to the customer's card through the payment provider; this cannot
                be undone.
              </p>
            ),
            confirmLabel: `Refund ${formatPence(amount)}`,
            busyLabel: "Refunding…",
          };
        }}
      >
        <fieldset className="mt-4 space-y-2">
          <legend className="text-sm font-medium">The parcel is back: refund</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="refund"
              value="items"
              defaultChecked
              className="accent-brand"
            />
            The items ({formatPence(itemsValue(order, view, false))})
          </label>
          {order.shippingPence > 0 ? (
            <label className="ml-6 flex items-center gap-2 text-sm">
              <input type="checkbox" name="includeDelivery" className="accent-brand" />
              and the delivery ({formatPence(order.shippingPence)})
            </label>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="refund" value="full" className="accent-brand" />
            All that is left of the order ({formatPence(left)})
          </label>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Back in stock</legend>
          <p id={id("restock-hint")} className="text-sm text-ink-muted">
            Units fit to sell again; 0 for what came back opened or damaged.
          </p>
          {view.items.map((item) => (
            <div key={item.orderItemId} className="flex items-center justify-between gap-3">
              <label htmlFor={id(`restock-${item.orderItemId}`)} className="text-sm">
                {item.name} <span className="text-ink-muted">(of {item.quantity})</span>
              </label>
              <div className="w-20 shrink-0">
                <Input
                  id={id(`restock-${item.orderItemId}`)}
                  name={`restock:${item.variantId}`}
                  inputMode="numeric"
                  defaultValue={String(item.quantity)}
                  aria-describedby={id("restock-hint")}
                  className="text-right"
                />
              </div>
            </div>
          ))}
        </fieldset>
        <Button type="submit" variant="destructive">
          Mark received and refund
        </Button>
      </ReturnForm>
    );
  }
  if (view.status === "received" && view.refund?.status === "failed") {
    return (
      <ReturnForm intent="return-refund" view={view} order={order}>
        <Button type="submit" variant="destructive" className="mt-3">
          Try the refund again
        </Button>
      </ReturnForm>
    );
  }
  return null;
}

/** Each return action's answer as a toast: done, or refused with the server's reason. */
function useReturnToast(intent: string) {
  useAccountForm(intent, (result: FormAnswer) => {
    if (result.ok) void showToast(done[intent] ?? "Done");
    else
      void showToast("Return not updated", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
}

/** The order's returns on the admin's order page, each with what can be done next. */
export function OrderReturnsAdmin({
  returns,
  order,
}: {
  returns: readonly ReturnView[];
  order: Order;
}) {
  useReturnToast("return-approve");
  useReturnToast("return-reject");
  useReturnToast("return-receive");
  useReturnToast("return-refund");
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className={`${cardClass} mt-6`}>
      <h2 id="returns-heading" className="text-lg font-semibold">
        Returns
      </h2>
      <ReturnList returns={returns}>
        {(view) => <ReturnActions view={view} order={order} />}
      </ReturnList>
    </section>
  );
}
