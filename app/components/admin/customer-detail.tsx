import type { AdminCustomerDetail } from "@common/customers/admin-customer-query";
import { formatUkAddress } from "@common/customers/uk-address";
import { formatLongDate } from "@common/dates";
import type { FormAnswer } from "@common/form-answer";
import { formatPence } from "@common/money";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { fieldProblems } from "~/components/ui/field-problem";
import { ArrowLeft, Download, Trash2 } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { Stars } from "~/components/ui/stars";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";
import { AdminOrderTable } from "./admin-order-table";
import { HistoryList } from "./history-list";
import { useConfirmedSubmit } from "./use-confirmed-submit";

function marketingText(marketing: AdminCustomerDetail["marketing"]): string {
  if (!marketing) return "Not subscribed";
  if (marketing.status === "subscribed")
    return `Subscribed${marketing.confirmedAt ? ` since ${formatLongDate(new Date(marketing.confirmedAt))}` : ""}`;
  if (marketing.status === "pending") return "Signed up, not confirmed yet";
  return "Unsubscribed";
}

/** One customer as the admin reads them (docs/admin.md, Customers). */
export function CustomerDetail({ detail }: { detail: AdminCustomerDetail }) {
  const { customer, figures } = detail;
  return (
    <article aria-labelledby="customer-heading">
      <ShopLink
        to="/dashboard/admin-customers"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All customers
      </ShopLink>
      <h1 id="customer-heading" className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
        {customer.name}
      </h1>
      <p className="mt-1 break-all text-ink-muted">
        {customer.email}
        {customer.emailVerified ? "" : " (not confirmed)"} · joined{" "}
        {formatLongDate(new Date(customer.joinedAt))}
      </p>

      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ["Orders", String(figures.orders)],
          ["Spent", formatPence(figures.spentPence)],
          [
            "Last order",
            figures.lastOrderAt ? formatLongDate(new Date(figures.lastOrderAt)) : "Never",
          ],
          ["Marketing", marketingText(detail.marketing)],
        ].map(([label, value]) => (
          <div key={label} className={cardClass}>
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="mt-1 text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="customer-orders-heading" className="mt-8">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="customer-orders-heading" className="text-lg font-semibold">
            Orders
          </h2>
          {detail.orderCount > detail.orders.length ? (
            <ShopLink
              to={`/dashboard/admin-orders?${new URLSearchParams({ q: customer.email })}`}
              className="text-sm font-medium text-brand-strong hover:underline"
            >
              All {detail.orderCount} orders
            </ShopLink>
          ) : null}
        </div>
        <AdminOrderTable orders={detail.orders} caption={`Orders of ${customer.name}`} />
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="customer-contact-heading" className={cardClass}>
          <h2 id="customer-contact-heading" className="text-lg font-semibold">
            Contact and addresses
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="text-ink-muted">Phone</dt>
              <dd>{customer.phone || "Not given"}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Saved addresses</dt>
              {detail.addresses.length === 0 ? (
                <dd>None</dd>
              ) : (
                detail.addresses.map((address) => (
                  <dd key={address.id}>{formatUkAddress(address)}</dd>
                ))
              )}
            </div>
          </dl>
        </section>

        <section aria-labelledby="customer-reviews-heading" className={cardClass}>
          <h2 id="customer-reviews-heading" className="text-lg font-semibold">
            Reviews
          </h2>
          {detail.reviews.length === 0 ? (
            <p className="mt-3 text-sm text-ink-muted">No reviews.</p>
          ) : (
            <ul className="mt-3 space-y-4 text-sm">
              {detail.reviews.map((review) => (
                <li key={review.id}>
                  <p className="flex flex-wrap items-center gap-2">
                    <Stars value={review.rating} label={`Rated ${review.rating} out of 5`} />
                    <ShopLink
                      to={`/product/${encodeURIComponent(review.productId)}`}
                      className="font-medium text-brand-strong hover:underline"
                    >
                      {review.productName}
                    </ShopLink>
                    {review.hidden ? <span className="text-ink-muted">(hidden)</span> : null}
                  </p>
                  <p className="mt-1 font-medium">{review.title}</p>
                  <p className="whitespace-pre-line break-words text-ink-muted">{review.body}</p>
                  <p className="text-xs text-ink-muted">
                    {formatLongDate(new Date(review.createdAt))}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <CustomerNote userId={customer.id} note={detail.note} />

        <CustomerPrivacy customer={customer} />

        <section aria-labelledby="customer-history-heading" className={cardClass}>
          <h2 id="customer-history-heading" className="text-lg font-semibold">
            History
          </h2>
          <HistoryList entries={detail.history} />
        </section>
      </div>
    </article>
  );
}

/** The admins' own note about the customer: saved as a whole, audited, never shown to them. */
function CustomerNote({ userId, note }: { userId: string; note: string }) {
  const { fetcher, busy } = useAccountForm(`customer-note-${userId}`, (result: FormAnswer) => {
    if (result.ok) void showToast("Note saved");
    else
      void showToast("Note not saved", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
  const answer = fetcher.data?.ok === false ? fetcher.data : null;
  const { errorFor, invalid } = fieldProblems(
    "customer",
    answer ? { field: answer.field, message: answer.message ?? "" } : null,
  );
  return (
    <section aria-labelledby="customer-note-heading" className={cardClass}>
      <h2 id="customer-note-heading" className="text-lg font-semibold">
        Internal note
      </h2>
      <fetcher.Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="note" />
        <Field
          id="customer-note"
          label="Note for the team"
          hint="Only admins see it. Who changed it, and when, goes on the history."
        >
          <Textarea
            id="customer-note"
            name="note"
            height="md"
            maxLength={2000}
            defaultValue={note}
            aria-describedby="customer-note-hint"
            {...invalid("note")}
          />
          {errorFor("note")}
        </Field>
        <Button type="submit" variant="secondary" disabled={busy}>
          Save note
        </Button>
      </fetcher.Form>
    </section>
  );
}

/**
 * The customer's rights at their request: a copy of their data (a JSON download) and erasure.
 * Both ask first; the download is a plain form post, so the browser saves the file the server
 * sends, and erasure goes through a fetcher, then back to the list.
 */
function CustomerPrivacy({ customer }: { customer: AdminCustomerDetail["customer"] }) {
  const exportForm = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const { fetcher } = useAccountForm(`customer-erase-${customer.id}`, (result: FormAnswer) => {
    if (result.ok) {
      void showToast("Customer erased", {
        description: "Their account and personal details are gone; their orders stay, blanked.",
      });
      void navigate("/dashboard/admin-customers");
    } else
      void showToast("Customer not erased", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
  const erasing = useConfirmedSubmit(fetcher);
  return (
    <section aria-labelledby="customer-privacy-heading" className={cardClass}>
      <h2 id="customer-privacy-heading" className="text-lg font-semibold">
        Privacy requests
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        When {customer.name} asks for a copy of their data, or to be forgotten. Each is recorded
        with your name.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <form
          ref={exportForm}
          method="post"
          action={`/dashboard/admin-customers/${encodeURIComponent(customer.id)}/export`}
          onSubmit={(event) => {
            event.preventDefault();
            setAsking(true);
          }}
        >
          <Button type="submit" variant="secondary">
            <Download aria-hidden="true" />
            Export their data
          </Button>
        </form>
        <fetcher.Form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            erasing.ask(event.currentTarget, {
              title: `Erase ${customer.name} and their personal data?`,
              detail: (
                <>
                  <p>
                    Their account, sign-ins, saved addresses, reviews, wishlist, newsletter
                    subscription and your note go. An open order is cancelled, its stock back; an
                    order paid but not yet sent must be sent or refunded first.
                  </p>
                  <p>
                    Their orders stay for the accounts, with the name, email, phone and address
                    removed; their VAT invoices and credit notes keep the name and address they were
                    issued to for six years, as VAT law requires. This cannot be undone.
                  </p>
                </>
              ),
              confirmLabel: "Erase customer",
              busyLabel: "Erasing…",
              cancelLabel: "Keep the customer",
            });
          }}
        >
          <input type="hidden" name="intent" value="erase" />
          <Button type="submit" variant="destructive" disabled={erasing.busy}>
            <Trash2 aria-hidden="true" />
            Erase customer
          </Button>
          {erasing.dialog}
        </fetcher.Form>
      </div>
      <ConfirmDialog
        open={asking}
        tone="primary"
        title={`Download everything the shop holds about ${customer.name}?`}
        confirmLabel="Download"
        busyLabel="Downloading…"
        busy={false}
        onConfirm={() => {
          setAsking(false);
          // The form's own submission, past this handler: the browser saves the file it gets.
          exportForm.current?.submit();
        }}
        onCancel={() => setAsking(false)}
      >
        <p>
          A JSON file with their account, sign-ins, addresses, orders, reviews, wishlist, newsletter
          consent and your note. It holds personal data: send it only to them.
        </p>
      </ConfirmDialog>
    </section>
  );
}
