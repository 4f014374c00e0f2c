// Returns as the customer's and the admin's pages show them (server/returns/): the reference
// people write on the parcel, and each state in the customer's words.

/** R-1001 for return number 1001. */
export function formatReturnNumber(number: number): string {
  return `R-${number}`;
}

export type ReturnRefund = { status: "pending" | "succeeded" | "failed"; amountPence: number };

export type ReturnView = {
  id: string;
  number: number;
  status: "requested" | "approved" | "rejected" | "received";
  reason: string;
  details: string | null;
  adminMessage: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  receivedAt: Date | null;
  refundPence: number | null;
  includesDelivery: boolean | null;
  /** The refund the receipt asked for, its latest attempt; none before receipt. */
  refund: ReturnRefund | null;
  items: {
    orderItemId: string;
    variantId: string;
    name: string;
    quantity: number;
    unitPricePence: number;
  }[];
};

/** What an order allows to be returned now, for the customer's form. */
export type ReturnOffer = {
  /** The last day to ask, as a date; null when the order has not been delivered. */
  lastDay: Date | null;
  /** Whether a return may be asked now (delivered, within the window, none open, units left). */
  open: boolean;
  /** Why not, when not (the form is not shown): in the customer's words. */
  closedBecause: string | null;
  reasons: string[];
  lines: { orderItemId: string; name: string; returnable: number }[];
};

/** A return's state, as one short phrase for a badge. */
export function returnStateLabel(view: Pick<ReturnView, "status" | "refund">): string {
  if (view.status === "requested") return "Requested";
  if (view.status === "approved") return "Approved";
  if (view.status === "rejected") return "Not accepted";
  if (view.refund?.status === "succeeded") return "Refunded";
  if (view.refund?.status === "failed") return "Received, refund to be sorted";
  return "Received, refund under way";
}

/**
 * What a return's items are worth: what the customer paid for those units, their share of the
 * order's discount taken off, and the order's delivery when it goes back too. The admin's page
 * shows it; the server refunds it (server/returns/return-decisions.ts), capped at what is left.
 */
export function returnValuePence(
  order: { subtotalPence: number; discountPence: number; shippingPence: number },
  items: readonly { unitPricePence: number; quantity: number }[],
  includeDelivery: boolean,
): number {
  const goods = items.reduce((sum, item) => sum + item.unitPricePence * item.quantity, 0);
  const discountShare =
    order.subtotalPence > 0 ? Math.round((goods * order.discountPence) / order.subtotalPence) : 0;
  return goods - discountShare + (includeDelivery ? order.shippingPence : 0);
}
