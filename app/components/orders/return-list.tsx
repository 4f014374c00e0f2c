import { formatLongDate } from "@common/dates";
import { formatPence } from "@common/money";
import { formatReturnNumber, type ReturnView, returnStateLabel } from "@common/returns/returns";
import type { ReactNode } from "react";
import { cn } from "~/lib/class-names";

/** A return's state as a small pill: settled in teal, refused in coral, open in ink. */
function ReturnStatePill({ view }: { view: ReturnView }) {
  const label = returnStateLabel(view);
  const tone =
    view.status === "rejected" || view.refund?.status === "failed"
      ? "bg-coral/10 text-coral-strong"
      : view.refund?.status === "succeeded" || view.status === "approved"
        ? "bg-brand/10 text-brand-strong"
        : "bg-paper text-ink";
  return (
    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", tone)}>{label}</span>
  );
}

/**
 * An order's returns, newest first: reference, state, items, the reason and what the shop said.
 * `children(view)` adds what the reader may do with each (the admin's actions).
 */
export function ReturnList({
  returns,
  children,
}: {
  returns: readonly ReturnView[];
  children?: (view: ReturnView) => ReactNode;
}) {
  return (
    <ul className="mt-3 space-y-4">
      {returns.map((view) => (
        <li
          key={view.id}
          data-testid="order-return"
          className="rounded-[var(--radius-card)] border border-line p-4 text-sm"
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold">{formatReturnNumber(view.number)}</span>
            <ReturnStatePill view={view} />
            <span className="text-ink-muted">asked {formatLongDate(new Date(view.createdAt))}</span>
          </div>
          <p className="mt-2">
            {view.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")}
          </p>
          <p className="mt-1 text-ink-muted">
            {view.reason}
            {view.details ? `: ${view.details}` : ""}
          </p>
          {view.adminMessage ? (
            <p className="mt-2 whitespace-pre-line break-words">
              <span className="font-medium">From the shop: </span>
              {view.adminMessage}
            </p>
          ) : null}
          {view.refund ? (
            <p className="mt-2">
              {view.refund.status === "succeeded"
                ? `${formatPence(view.refund.amountPence)} refunded${view.includesDelivery ? ", delivery included" : ""}.`
                : view.refund.status === "pending"
                  ? `A refund of ${formatPence(view.refund.amountPence)} is under way.`
                  : `The refund of ${formatPence(view.refund.amountPence)} did not go through yet.`}
            </p>
          ) : null}
          {children?.(view)}
        </li>
      ))}
    </ul>
  );
}
