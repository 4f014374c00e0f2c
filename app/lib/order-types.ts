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
