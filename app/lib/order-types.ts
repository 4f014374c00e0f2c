// Orders as the dashboard shows them: produced by server/orders, shown by app/components/account.

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
