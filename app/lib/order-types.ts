// Orders as the dashboards show them: produced by server/orders and server/admin, shown by
// app/components/account and app/components/admin.

type OrderItemView = {
  productName: string;
  variantName: string;
  quantity: number;
  unitPricePence: number;
};

export type OrderView = {
  id: string;
  status: string;
  totalPence: number;
  createdAt: Date;
  items: OrderItemView[];
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

/** A row of the admin's list of every order. */
export type AdminOrderRow = {
  id: string;
  createdAt: Date;
  status: string;
  customerFullName: string;
  customerEmail: string;
  /** Units in the order. */
  items: number;
  totalPence: number;
};

/** Money that arrived when the order could not take it: the admin refunds it. */
export type RefundDueOrder = {
  id: string;
  status: string;
  customerEmail: string;
  totalPence: number;
  paymentProvider: string | null;
  providerIntentId: string | null;
  paymentError: string | null;
  updatedAt: Date;
};
