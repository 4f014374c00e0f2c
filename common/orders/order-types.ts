import type { OrderDelivery } from "../delivery/delivery";
// Orders as the dashboards show them: produced by server/orders and server/admin, shown by
// app/components/account and app/components/admin.

/** An order's statuses (docs/architecture.md#money-flow), in the order of its life; the database's column takes these. */
export const orderStatuses = [
  "pending",
  "paid",
  "fulfilled",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Orders that prove a purchase (a buyer may review what is in them): paid and what follows it. */
export const purchasedStatuses: readonly OrderStatus[] = [
  "paid",
  "fulfilled",
  "delivered",
  "refunded",
];

type OrderItemView = {
  productId: string;
  productName: string;
  variantName: string;
  quantity: number;
  unitPricePence: number;
};

export type OrderView = {
  id: string;
  /** The number people read (common/orders/order-number.ts); the id stays internal. */
  number: number;
  status: string;
  totalPence: number;
  refundedPence: number;
  createdAt: Date;
  items: OrderItemView[];
};

/** An order's money, VAT included, as its pages show it. */
export type OrderMoney = {
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  totalPence: number;
  refundedPence: number;
  /** What a gift card paid of the total (the payment card paid the rest). */
  giftCardPence: number;
};

/** A step in an order's life as its customer reads it (never the shop's internal notes). */
export type CustomerOrderEvent = {
  kind: "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
  at: Date;
  /** Money given back by this step (a cancellation of a paid order, a refund). */
  amountPence: number | null;
};

/** The customer's own page of one order. */
export type CustomerOrderDetail = {
  order: OrderMoney &
    OrderDelivery & {
      /** The discount code the discount came from (never with the first-order discount). */
      discountCode: string | null;
      /** Or the automatic offer's title (docs/decisions/070). */
      offerTitle: string | null;
      id: string;
      number: number;
      status: string;
      createdAt: Date;
      shippingAddress: string;
      carrier: string | null;
      trackingNumber: string | null;
      cardLast4: string | null;
    };
  items: (OrderItemView & { id: string })[];
  history: CustomerOrderEvent[];
};

const statusLabels: Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  fulfilled: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** An order's status as customers and the admin read it. */
export function orderStatusLabel(status: string): string {
  return statusLabels[status] ?? status;
}

/**
 * Money given back from an order that still stands (paid, shipped or delivered): said beside its
 * status, which alone would read as if nothing had been refunded. Null when there is none, or
 * when the status says it (refunded, cancelled).
 */
export function partRefundPence(order: { status: string; refundedPence: number }): number | null {
  const standing =
    order.status === "paid" || order.status === "fulfilled" || order.status === "delivered";
  return standing && order.refundedPence > 0 ? order.refundedPence : null;
}

/** A row of the admin's list of every order. */
export type AdminOrderRow = {
  id: string;
  number: number;
  createdAt: Date;
  status: string;
  customerFullName: string;
  customerEmail: string;
  /** Units in the order. */
  items: number;
  totalPence: number;
  refundedPence: number;
};

/** A row of the orders to send as fulfilment staff see it: no money, no email. */
export type PackingOrderRow = Omit<AdminOrderRow, "customerEmail" | "totalPence" | "refundedPence">;

/** One order as fulfilment staff see it: what to pack and where it goes (docs/decisions/071). */
export type PackingOrder = {
  order: OrderDelivery & {
    id: string;
    number: number;
    status: string;
    createdAt: Date;
    paidAt: Date | null;
    fulfilledAt: Date | null;
    deliveredAt: Date | null;
    customerFullName: string;
    shippingAddress: string;
    notes: string | null;
    carrier: string | null;
    trackingNumber: string | null;
  };
  items: { id: string; productName: string; variantName: string; quantity: number }[];
};

/** Money that arrived when the order could not take it: the admin refunds it. */
export type RefundDueOrder = {
  id: string;
  number: number;
  status: string;
  customerEmail: string;
  totalPence: number;
  paymentProvider: string | null;
  providerIntentId: string | null;
  paymentError: string | null;
  updatedAt: Date;
};

/**
 * A refund the admin should know of: asked of the provider and not answered for minutes (the shop
 * asks again until `retryUntil`), or flagged with the reason in `attention`.
 */
export type RefundToCheck = {
  id: string;
  orderId: string;
  orderNumber: number;
  amountPence: number;
  status: string;
  cancelsOrder: boolean;
  attention: string | null;
  createdAt: Date;
  retryUntil: Date;
  customerEmail: string;
};

/** One change in an order's history (the audit log): who, what, when, and why. */
export type OrderHistoryEntry = {
  id: string;
  action: string;
  actorType: string;
  /** The admin's or customer's name when the actor is a person, else the provider or job. */
  actorName: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
};

/** Everything the admin's order page shows. */
/** A gift card an order touched: the one that paid part of it, or one it bought. */
type OrderGiftCard = {
  id: string;
  last4: string;
  role: "paid" | "bought";
  initialPence: number;
  balancePence: number;
  status: string;
};

export type AdminOrderDetail = {
  /** The gift cards that paid for it or that it bought (server/gift-cards/). */
  giftCards: OrderGiftCard[];
  order: OrderMoney &
    OrderDelivery & {
      /** The discount code the discount came from (never with the first-order discount). */
      discountCode: string | null;
      /** Or the automatic offer's title (docs/decisions/070). */
      offerTitle: string | null;
      id: string;
      number: number;
      status: string;
      createdAt: Date;
      paidAt: Date | null;
      fulfilledAt: Date | null;
      deliveredAt: Date | null;
      refundDue: boolean;
      /** The customer's account; null once they deleted it (the order keeps no address). */
      userId: string | null;
      customerFullName: string;
      customerEmail: string;
      customerPhone: string;
      shippingAddress: string;
      notes: string | null;
      paymentProvider: string | null;
      providerIntentId: string | null;
      paymentError: string | null;
      carrier: string | null;
      trackingNumber: string | null;
      /** A refund gave the delivery back already (server/payments/refund-credit.ts). */
      deliveryCredited: boolean;
    };
  items: (OrderItemView & {
    id: string;
    productId: string;
    variantId: string;
    /** Units of this line not yet back on sale (released or restocked). */
    stillOut: number;
    /** Units of this line no refund has given money back for yet. */
    creditable: number;
  })[];
  payments: { id: string; type: string; outcome: string; provider: string; createdAt: Date }[];
  refunds: {
    id: string;
    amountPence: number;
    status: string;
    restock: boolean;
    reason: string | null;
    error: string | null;
    /** Why the admin must look at it (server/orders/order-refunds.ts), until they have. */
    attention: string | null;
    createdAt: Date;
  }[];
  history: OrderHistoryEntry[];
};

/** A VAT invoice or credit note of an order (server/invoices/), as its pages link it. */
export type OrderDocument = {
  id: string;
  kind: "invoice" | "credit_note";
  /** "INV-000123", "CN-000007". */
  label: string;
  issuedAt: Date;
  grossPence: number;
};
