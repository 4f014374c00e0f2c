import { itemName } from "@common/cart/cart-rules";
import type { FormAnswer } from "@common/form-answer";
import { formatPence, parsePounds } from "@common/money";
import { formatOrderNumber } from "@common/orders/order-number";
import type { AdminOrderDetail } from "@common/orders/order-types";
import { type ReactNode, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/lib/toast";
import { chosenCredit, RefundCredit } from "./refund-credit";
import { type Confirmation, useConfirmedSubmit } from "./use-confirmed-submit";

type Order = AdminOrderDetail["order"];
type Item = AdminOrderDetail["items"][number];

/** The order's variants with units not yet back on sale, one line each. */
function restockable(items: readonly Item[]) {
  const lines = new Map<string, { variantId: string; name: string; stillOut: number }>();
  for (const item of items) {
    const line = lines.get(item.variantId);
    if (line) line.stillOut += item.stillOut;
    else {
      lines.set(item.variantId, {
        variantId: item.variantId,
        name: itemName(item.productName, item.variantName),
        stillOut: item.stillOut,
      });
    }
  }
  return [...lines.values()].filter((line) => line.stillOut > 0);
}

const done = {
  fulfil: "Order marked fulfilled",
  deliver: "Order marked delivered",
  cancel: "Order cancelled",
  refund: "Refund made",
} as const;
type Intent = keyof typeof done;

/**
 * One action's form, posted with a keyed fetcher. Its answer is turned into a toast by
 * OrderActions (which stays on the page: a form whose action changed the order's status is gone
 * from the page by the time its answer is read). Every form says which status the page showed, so
 * the server refuses an action on an order that moved on meanwhile. With `confirm`, the form asks
 * first what it will do (money moves): `confirm` reads the form and gives the question, or null to
 * post at once (what it cannot read, the server refuses with its own message).
 */
function ActionForm({
  intent,
  status,
  title,
  children,
  submit,
  tone = "primary",
  confirm,
}: {
  intent: Intent;
  status: string;
  title: string;
  children?: ReactNode;
  submit: string;
  tone?: "primary" | "secondary" | "destructive";
  confirm?: (form: HTMLFormElement) => Confirmation | null;
}) {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<FormAnswer>({ key: `order-${intent}` });
  const asking = useConfirmedSubmit(fetcher);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const headingId = `action-${intent}-heading`;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      aria-labelledby={headingId}
      onSubmit={(event) => {
        const question = confirm?.(event.currentTarget);
        if (!question) return;
        event.preventDefault();
        asking.ask(event.currentTarget, question);
      }}
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="status" value={status} />
      {children}
      <Button type="submit" variant={tone} disabled={asking.busy} className="mt-auto self-start">
        {submit}
      </Button>
      {asking.dialog}
    </fetcher.Form>
  );
}

/** Each action's answer as a toast: done, or refused with the server's reason (destructive). */
function useActionToast(intent: Intent) {
  useAccountForm(`order-${intent}`, (result) => {
    if (result.ok) {
      void showToast(done[intent]);
      keepFocusInActions();
    } else
      void showToast("Order not updated", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
}

/**
 * A done action's form goes (the order moved on) or its button was disabled while it ran: either
 * way the focus fell to the page's top. It comes back to the actions, where the admin was, so the
 * keyboard carries on from there (WCAG 2.4.3).
 */
function keepFocusInActions() {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById("order-actions")?.focus();
  });
}

/**
 * What a refund will do, read from its form: the amount typed, what it is for and the units
 * going back.
 */
function refundQuestion(
  form: HTMLFormElement,
  order: Order,
  items: readonly Item[],
  lines: ReturnType<typeof restockable>,
): Confirmation | null {
  const fields = new FormData(form);
  const left = order.totalPence - order.refundedPence;
  const amount = parsePounds(String(fields.get("amount") ?? ""));
  const credit = chosenCredit(fields, order, items);
  // Not a refund the server would make: it answers with its own message, and nothing moves.
  if (amount === null || amount <= 0 || amount > left || amount < credit.valuePence) return null;
  const moneyOnly = amount - credit.valuePence;
  const back = lines.flatMap((line) => {
    const count = Number(String(fields.get(`restock:${line.variantId}`) ?? "0").trim());
    return Number.isInteger(count) && count > 0 ? [`${count} × ${line.name}`] : [];
  });
  return {
    title: `Refund ${formatPence(amount)} to the customer's card?`,
    detail: (
      <>
        <p>
          {amount === left
            ? "That is all that is left of the order: it becomes refunded."
            : `${formatPence(left - amount)} of the order stays paid.`}
        </p>
        <p>
          {credit.names.length > 0
            ? `Refunded for ${credit.names.join(", ")}${
                moneyOnly > 0 ? `, and ${formatPence(moneyOnly)} of money only` : ""
              }.`
            : "A refund of money only: no items or delivery."}
        </p>
        <p>
          {back.length > 0
            ? `Back in stock: ${back.join(", ")}.`
            : "Nothing goes back in stock: the goods stay sold."}
        </p>
        <p>The money goes back through the payment provider; this cannot be undone.</p>
      </>
    ),
    confirmLabel: `Refund ${formatPence(amount)}`,
    busyLabel: "Refunding…",
  };
}

type RestockLine = ReturnType<typeof restockable>[number];

/** Paid: the parcel goes, with its carrier and tracking number if known. */
function FulfilForm({ status }: { status: string }) {
  return (
    <ActionForm intent="fulfil" status={status} title="Send the parcel" submit="Mark fulfilled">
      <Field id="carrier" label="Carrier (optional)" hint="For example Royal Mail or DPD.">
        <Input id="carrier" name="carrier" maxLength={100} aria-describedby="carrier-hint" />
      </Field>
      <Field id="tracking-number" label="Tracking number (optional)">
        <Input id="tracking-number" name="trackingNumber" maxLength={100} />
      </Field>
      <p className="text-sm text-ink-muted">The customer is emailed that it is on its way.</p>
    </ActionForm>
  );
}

/** Fulfilled: the parcel reached the customer. */
function DeliverForm({ status }: { status: string }) {
  return (
    <ActionForm intent="deliver" status={status} title="Delivery" submit="Mark delivered">
      <p className="text-sm text-ink-muted">The parcel reached the customer.</p>
    </ActionForm>
  );
}

/** Units of each line that came back and can be sold again, 0 by default. */
function RestockFields({ lines }: { lines: readonly RestockLine[] }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Back in stock</legend>
      {lines.length === 0 ? (
        <p className="text-sm text-ink-muted">Every unit is back on sale already.</p>
      ) : (
        <>
          <p id="restock-hint" className="text-sm text-ink-muted">
            Units that came back and can be sold again; 0 when the goods stay with the customer.
          </p>
          {lines.map((line) => (
            <div key={line.variantId} className="flex items-center justify-between gap-3">
              <label htmlFor={`restock-${line.variantId}`} className="text-sm">
                {line.name} <span className="text-ink-muted">(of {line.stillOut})</span>
              </label>
              <div className="w-20 shrink-0">
                <Input
                  id={`restock-${line.variantId}`}
                  name={`restock:${line.variantId}`}
                  inputMode="numeric"
                  defaultValue="0"
                  aria-describedby="restock-hint"
                  className="text-right"
                />
              </div>
            </div>
          ))}
        </>
      )}
    </fieldset>
  );
}

/** Money back, in part or in full, with what goes back in stock and why. */
function RefundForm({
  order,
  items,
  left,
}: {
  order: Order;
  items: readonly Item[];
  /** What is left to refund, in pence. */
  left: number;
}) {
  const restockLines = restockable(items);
  return (
    <ActionForm
      intent="refund"
      status={order.status}
      title="Refund"
      submit="Refund"
      tone="destructive"
      confirm={(form) => refundQuestion(form, order, items, restockLines)}
    >
      <Field
        id="refund-amount"
        label="Amount in pounds"
        hint={`Up to ${formatPence(left)}, all that is left to refund.`}
      >
        <Input
          id="refund-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          aria-describedby="refund-amount-hint"
        />
      </Field>
      <RefundCredit order={order} items={items} />
      <RestockFields lines={restockLines} />
      <Field id="refund-reason" label="Reason (optional)">
        <Input id="refund-reason" name="reason" maxLength={500} />
      </Field>
    </ActionForm>
  );
}

/** Pending or paid: the order cancelled, a paid one refunded in full first. */
function CancelForm({ order, left }: { order: Order; left: number }) {
  const paid = order.status === "paid";
  return (
    <ActionForm
      intent="cancel"
      status={order.status}
      title="Cancel"
      submit="Cancel order"
      tone="destructive"
      confirm={() =>
        paid
          ? {
              title: `Refund ${formatPence(left)} to the customer's card and cancel order ${formatOrderNumber(order.number)}?`,
              detail: (
                <p>
                  Its stock goes back on sale and the customer is told. The money goes back through
                  the payment provider; this cannot be undone.
                </p>
              ),
              confirmLabel: `Refund ${formatPence(left)} and cancel`,
              busyLabel: "Cancelling…",
              cancelLabel: "Keep the order",
            }
          : {
              title: `Cancel order ${formatOrderNumber(order.number)}?`,
              detail: <p>Its stock goes back on sale and it can no longer be paid.</p>,
              confirmLabel: "Cancel order",
              busyLabel: "Cancelling…",
              cancelLabel: "Keep the order",
            }
      }
    >
      {paid ? <input type="hidden" name="refundPence" value={left} /> : null}
      <p className="text-sm text-ink-muted">
        {paid
          ? `The customer is refunded ${formatPence(left)} and the stock goes back on sale.`
          : "The stock it holds goes back on sale; it can no longer be paid."}
      </p>
      <Field id="cancel-reason" label="Reason (optional)">
        <Input id="cancel-reason" name="reason" maxLength={500} />
      </Field>
    </ActionForm>
  );
}

/** What the admin may do with an order in its status (the server decides again on each post). */
export function OrderActions({ order, items }: { order: Order; items: readonly Item[] }) {
  useActionToast("fulfil");
  useActionToast("deliver");
  useActionToast("cancel");
  useActionToast("refund");
  const left = order.totalPence - order.refundedPence;
  const refundable = ["paid", "fulfilled", "delivered"].includes(order.status) && left > 0;
  const forms: ReactNode[] = [];
  forms.push(...sendingForms(order.status));
  if (refundable) forms.push(<RefundForm key="refund" order={order} items={items} left={left} />);
  if (order.status === "pending" || order.status === "paid") {
    forms.push(<CancelForm key="cancel" order={order} left={left} />);
  }
  return <ActionsSection status={order.status} forms={forms} />;
}

/** Sending the parcel and marking it delivered: the forms fulfilment staff have too. */
function sendingForms(status: string): ReactNode[] {
  if (status === "paid") return [<FulfilForm key="fulfil" status={status} />];
  if (status === "fulfilled") return [<DeliverForm key="deliver" status={status} />];
  return [];
}

/** The actions of fulfilment staff (docs/decisions/071): the parcel sent, then delivered. */
export function SendingActions({ status }: { status: string }) {
  useActionToast("fulfil");
  useActionToast("deliver");
  return <ActionsSection status={status} forms={sendingForms(status)} />;
}

function ActionsSection({ status, forms }: { status: string; forms: ReactNode[] }) {
  return (
    <section
      id="order-actions"
      aria-label="Actions"
      tabIndex={-1}
      className="mt-6 rounded-[var(--radius-card)] focus-visible:outline-2 focus-visible:outline-offset-4"
    >
      {forms.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-line bg-white p-5 text-sm text-ink-muted">
          Nothing more can be done with an order that is {status}.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">{forms}</div>
      )}
    </section>
  );
}
