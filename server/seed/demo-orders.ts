import type { Database } from "../db/database";
import { orderItems, orders } from "../orders/schema";

// The demo customer's past orders (docs/architecture.md#data), so the dashboard has something to show in demo
// mode. Amounts follow the shop's rules: 10% off the first order, free shipping over £50 after the
// discount (else £3.99), VAT the included sixth of the total, rounded half-up.

const DAY = 24 * 60 * 60 * 1000;

export async function seedDemoOrders(db: Database, user: { id: string; email: string }) {
  const now = Date.now();
  const customer = {
    userId: user.id,
    customerFullName: "Demo Customer",
    customerEmail: user.email,
    customerPhone: "07700 900123",
    shippingAddress: "1 Demo Street\nLondon\nSW1A 1AA",
    paymentProvider: "test",
  };
  const first = new Date(now - 40 * DAY);
  const second = new Date(now - 6 * DAY);
  await db.insert(orders).values([
    {
      id: "demo-order-1",
      ...customer,
      providerIntentId: "test_pi_demo-order-1",
      status: "delivered",
      subtotalPence: 5498,
      discountPence: 550,
      firstOrderDiscount: true,
      shippingPence: 399,
      totalPence: 5347,
      vatPence: 891,
      createdAt: first,
      paidAt: first,
    },
    {
      id: "demo-order-2",
      ...customer,
      providerIntentId: "test_pi_demo-order-2",
      status: "paid",
      subtotalPence: 6499,
      discountPence: 0,
      shippingPence: 0,
      totalPence: 6499,
      vatPence: 1083,
      createdAt: second,
      paidAt: second,
    },
  ]);
  await db.insert(orderItems).values([
    {
      orderId: "demo-order-1",
      productId: "prod1",
      variantId: "prod1-single",
      productName: "Whitening Strips",
      variantName: "Single Kit",
      unitPricePence: 3999,
      quantity: 1,
    },
    {
      orderId: "demo-order-1",
      productId: "prod2",
      variantId: "prod2-75ml",
      productName: "Whitening Toothpaste",
      variantName: "75 ml",
      unitPricePence: 1499,
      quantity: 1,
    },
    {
      orderId: "demo-order-2",
      productId: "prod4",
      variantId: "prod4-default",
      productName: "Complete Smile Bundle",
      variantName: "Default",
      unitPricePence: 6499,
      quantity: 1,
    },
  ]);
}
