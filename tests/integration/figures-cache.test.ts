import { figures, keepFiguresBetweenChanges } from "@server/admin/figures-cache";
import { adminOverview } from "@server/admin/shop-figures";
import { products } from "@server/catalog/schema";
import { startCheckout } from "@server/checkout/checkout-service";
import { orders } from "@server/orders/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  payOrder,
  testCheckoutSettings,
} from "../factories";
import { everyDriver, useTestDatabase } from "../setup/test-database";

// The admin's figures are kept between changes: migration 0009's triggers notify at commit, and the
// process listens (PGlite in-process, PostgreSQL on a connection of its own).

const settings = testCheckoutSettings;

describe.each(everyDriver)("the admin's figures between changes on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");

  it("answers from what it kept until an order, a payment or a product changes, then reads again", async () => {
    await keepFiguresBetweenChanges(database.handle());
    await createProduct(db(), {
      id: "paste",
      name: "Toothpaste",
      variants: [{ id: "paste-75", pricePence: 1499, stockQuantity: 5 }],
    });
    const before = await adminOverview(db());
    expect(before.figures.orderCount).toBe(0);
    expect(before.products.map((product) => product.name)).toEqual(["Toothpaste"]);

    let reads = 0;
    const counted = () =>
      figures(db(), "count-test", async () => {
        reads += 1;
        const [row] = await db().select({ n: count() }).from(orders);
        return row?.n;
      });
    await counted();
    await counted();
    expect(reads).toBe(1);

    // A checkout (its own transaction) and its payment: the overview shows them at once.
    const userId = await createCustomer(db());
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: checkoutCart([{ variantId: "paste-75", quantity: 2 }]) },
      settings,
    );
    const pending = await adminOverview(db());
    expect([pending.recentOrders.map((row) => row.id), pending.figures.orderCount]).toEqual([
      [orderId],
      0,
    ]);
    await payOrder(db(), orderId);
    const paid = await adminOverview(db());
    expect([paid.figures.orderCount, paid.figures.toFulfil]).toEqual([1, 1]);
    expect(paid.figures.lowStock.map((variant) => variant.stockQuantity)).toEqual([3]);

    // A rolled-back write changes nothing and is not announced; a committed rename is.
    reads = 0;
    await counted();
    await db()
      .transaction(async (tx) => {
        await tx.update(products).set({ name: "Never" }).where(eq(products.id, "paste"));
        tx.rollback();
      })
      .catch(() => {});
    await counted();
    expect(reads).toBe(1);
    await db().update(products).set({ name: "Paste" }).where(eq(products.id, "paste"));
    expect((await adminOverview(db())).products.map((product) => product.name)).toEqual(["Paste"]);
  });
});
