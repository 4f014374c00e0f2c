import { listOrders } from "@server/admin/admin-orders";
import { ordersCsvStream } from "@server/admin/orders-csv";
import { analyticsFigures, listAdminProducts, overviewFigures } from "@server/admin/shop-figures";
import { orderItems, orders } from "@server/orders/schema";
import { seedDemoHistory } from "@server/seed/demo-history";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createProduct, shopPricing } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

/** A streamed export in a test fails the test the moment a batch fails. */
const failTest = (error: unknown) => {
  throw error;
};

// The admin's figures (server/admin/shop-figures.ts) against a hand-computed fixture, and the
// orders list's search, filters and sorting.

const DAY = 24 * 60 * 60 * 1000;
// Midday in London, so "n days ago" is the same shop day whatever the hour the test runs.
const now = new Date("2026-11-20T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe.each(testDrivers)("the admin's figures on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  async function fixture() {
    await createProduct(db(), {
      id: "strips",
      name: "Strips",
      variants: [{ id: "strips-1", pricePence: 1000, stockQuantity: 4 }],
    });
    await createProduct(db(), {
      id: "paste",
      name: "Paste",
      variants: [{ id: "paste-1", pricePence: 500, stockQuantity: 50 }],
    });
    const ada = await createCustomer(db(), "ada@example.com");
    const bob = await createCustomer(db(), "bob@example.com");
    const cy = await createCustomer(db(), "cy@example.com");
    const base = {
      subtotalPence: 0,
      vatPence: 0,
      customerPhone: "07700 900123",
      shippingAddress: "1 Road",
      paymentProvider: "test",
    };
    const rows: (typeof orders.$inferInsert)[] = [
      // Ada's first order: 10 days ago, £50.00 with £5.00 off.
      {
        id: "a",
        userId: ada,
        status: "paid",
        totalPence: 5000,
        discountPence: 500,
        firstOrderDiscount: true,
        paidAt: daysAgo(10),
        createdAt: daysAgo(10),
        customerFullName: "Ada Lovelace",
        customerEmail: "ada@example.com",
        ...base,
      },
      // Ada again, 2 days ago: £30.00, £10.00 of it refunded.
      {
        id: "b",
        userId: ada,
        status: "paid",
        totalPence: 3000,
        refundedPence: 1000,
        paidAt: daysAgo(2),
        createdAt: daysAgo(2),
        customerFullName: "Ada Lovelace",
        customerEmail: "ada@example.com",
        ...base,
      },
      // Bob's first, 40 days ago (before a 30-day range), delivered.
      {
        id: "c",
        userId: bob,
        status: "delivered",
        totalPence: 2000,
        paidAt: daysAgo(40),
        createdAt: daysAgo(40),
        customerFullName: "Bob Brown",
        customerEmail: "bob@example.com",
        ...base,
      },
      // Bob returns 5 days ago.
      {
        id: "d",
        userId: bob,
        status: "fulfilled",
        totalPence: 1000,
        paidAt: daysAgo(5),
        createdAt: daysAgo(5),
        customerFullName: "Bob Brown",
        customerEmail: "bob@example.com",
        ...base,
      },
      // Never paid: counts nowhere but in the statuses.
      {
        id: "e",
        userId: cy,
        status: "cancelled",
        totalPence: 9999,
        createdAt: daysAgo(3),
        customerFullName: "Cy Twombly",
        customerEmail: "cy@example.com",
        ...base,
      },
      {
        id: "f",
        userId: cy,
        status: "pending",
        totalPence: 1234,
        createdAt: daysAgo(1),
        customerFullName: "Cy Twombly",
        customerEmail: "cy@example.com",
        ...base,
      },
    ];
    await db().insert(orders).values(rows);
    const item = (
      orderId: string,
      productId: string,
      quantity: number,
      unitPricePence: number,
    ) => ({
      orderId,
      productId,
      variantId: `${productId}-1`,
      productName: productId === "strips" ? "Strips" : "Paste",
      variantName: "Default",
      unitPricePence,
      quantity,
    });
    await db()
      .insert(orderItems)
      .values([
        item("a", "strips", 5, 1000),
        item("b", "paste", 6, 500),
        item("c", "strips", 2, 1000),
        item("d", "paste", 2, 500),
        item("e", "strips", 9, 1000),
        item("f", "paste", 1, 500),
      ]);
  }

  it("gives the overview's revenue, orders, average, orders to fulfil and low stock", async () => {
    await fixture();
    expect(await overviewFigures(db())).toEqual({
      // 5000 + (3000 - 1000) + 2000 + 1000
      revenuePence: 10_000,
      orderCount: 4,
      // (5000 + 3000 + 2000 + 1000) / 4 = 2750
      averageOrderPence: 2750,
      toFulfil: 2,
      lowStock: [
        {
          variantId: "strips-1",
          productId: "strips",
          productName: "Strips",
          variantName: expect.any(String),
          stockQuantity: 4,
        },
      ],
    });
  });

  it("gives 30 days of revenue and orders, statuses, top products, discount and customers", async () => {
    await fixture();
    const figures = await analyticsFigures(db(), 30, now);
    expect(figures.days).toHaveLength(30);
    expect(figures.days[0]?.day).toBe("2026-10-22");
    expect(figures.days.at(-1)?.day).toBe("2026-11-20");
    const busy = figures.days.filter((day) => day.orders > 0);
    expect(busy).toEqual([
      { day: "2026-11-10", revenuePence: 5000, orders: 1 },
      { day: "2026-11-15", revenuePence: 1000, orders: 1 },
      { day: "2026-11-18", revenuePence: 2000, orders: 1 },
    ]);
    expect(figures.byStatus).toEqual([
      { status: "paid", orders: 2 },
      { status: "cancelled", orders: 1 },
      { status: "fulfilled", orders: 1 },
      { status: "pending", orders: 1 },
    ]);
    expect(figures.topProducts).toEqual([
      { productId: "paste", productName: "Paste", units: 8, revenuePence: 4000 },
      { productId: "strips", productName: "Strips", units: 5, revenuePence: 5000 },
    ]);
    expect(figures.firstOrderDiscount).toEqual({ orders: 1, pence: 500 });
    // Ada's first paid order is in the range; Bob's was before it.
    expect(figures.customers).toEqual({ new: 1, returning: 1 });
    // The 30 days before: Bob's first order, 40 days ago.
    expect(figures.previous).toEqual({
      revenuePence: 2000,
      orders: 1,
      customers: { new: 1, returning: 0 },
    });
    const week = await analyticsFigures(db(), 7, now);
    expect(week.days.reduce((sum, day) => sum + day.revenuePence, 0)).toBe(3000);
    // The week before: Ada's first order, 10 days ago.
    expect(week.previous).toEqual({
      revenuePence: 5000,
      orders: 1,
      customers: { new: 1, returning: 0 },
    });
  });

  it("searches, filters and sorts the orders list", async () => {
    await fixture();
    const ids = async (query: Parameters<typeof listOrders>[1]) =>
      (await listOrders(db(), query)).orders.map((row) => row.id);
    expect(await ids({})).toEqual(["f", "b", "e", "d", "a", "c"]);
    expect(await ids({ q: "BOB@" })).toEqual(["d", "c"]);
    expect(await ids({ q: "lovelace" })).toEqual(["b", "a"]);
    // LIKE's wildcards are matched as themselves.
    expect(await ids({ q: "%" })).toEqual([]);
    expect(await ids({ status: "paid" })).toEqual(["b", "a"]);
    expect(await ids({ from: "2026-11-10", to: "2026-11-17" })).toEqual(["e", "d", "a"]);
    expect(await ids({ sort: "total", dir: "asc" })).toEqual(["d", "f", "c", "b", "a", "e"]);
    expect(await ids({ sort: "items", dir: "desc" })).toEqual(["e", "b", "a", "d", "c", "f"]);
    expect((await listOrders(db(), { status: "paid" })).total).toBe(2);
  });

  it("loads the same demo history twice over, once", async () => {
    await createProduct(db(), { variants: [{ id: "kit", pricePence: 3999, stockQuantity: 5 }] });
    const options = { orders: 60, days: 30, shoppers: 5, pricing: shopPricing, now };
    expect(await seedDemoHistory(db(), options)).toBe(60);
    const first = await listOrders(db(), { sort: "date" }, 100);
    expect(await seedDemoHistory(db(), options)).toBe(0);
    expect(first.total).toBe(60);
    await createCustomer(db());
    // Prices follow the shop's rules: each shopper's first paid order has the discount.
    const figures = await analyticsFigures(db(), 30, now);
    expect(figures.firstOrderDiscount.orders).toBeLessThanOrEqual(5);
    expect(figures.firstOrderDiscount.orders).toBeGreaterThan(0);
  });

  it("exports every matching order once, batch after batch, even orders placed at one instant", async () => {
    await createProduct(db(), { variants: [{ id: "kit", pricePence: 3999, stockQuantity: 5 }] });
    await seedDemoHistory(db(), {
      orders: 2300,
      days: 30,
      shoppers: 400,
      pricing: shopPricing,
      now,
    });
    // 1,200 of them at the same microsecond: the batches (1,000 each) must still neither skip nor repeat.
    await db().execute(
      sql`update orders set created_at = '2026-11-01 10:00:00.123456+00' where id <= 'demo-h-001200'`,
    );
    const text = await new Response(ordersCsvStream(db(), {}, failTest)).text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]?.startsWith("Order,Placed,Status,")).toBe(true);
    // A row starts with its order number (the addresses inside rows span two lines).
    const ids = lines.filter((line) => /^GL-\d+,/.test(line)).map((line) => line.split(",")[0]);
    expect(ids).toHaveLength(2300);
    expect(new Set(ids).size).toBe(2300);
    const delivered = await new Response(
      ordersCsvStream(db(), { status: "delivered" }, failTest),
    ).text();
    const deliveredRows = delivered.split("\n").filter((line) => /^GL-\d+,/.test(line)).length;
    expect(deliveredRows).toBe((await listOrders(db(), { status: "delivered" })).total);
  });

  it("pages and searches the admin's product list, archived products too, with sums per product", async () => {
    for (let i = 1; i <= 7; i++) {
      await createProduct(db(), {
        id: `p${i}`,
        name: i % 2 ? `Mint Floss ${i}` : `Whitening Gel ${i}`,
        active: i !== 3,
        createdAt: new Date(Date.UTC(2026, 0, i)),
        variants: [
          { pricePence: 100 * i, stockQuantity: i },
          { pricePence: 50, stockQuantity: 2 },
        ],
      });
    }
    const first = await listAdminProducts(db(), { limit: 3 });
    expect(first.total).toBe(7);
    expect(first.products.map((row) => row.id)).toEqual(["p7", "p6", "p5"]);
    expect(first.products[0]).toMatchObject({ pricePence: 700, variants: 2, stockQuantity: 9 });
    const last = await listAdminProducts(db(), { limit: 3, offset: 6 });
    expect(last.products.map((row) => row.id)).toEqual(["p1"]);
    const floss = await listAdminProducts(db(), { limit: 10, search: "mint floss" });
    expect([floss.total, floss.products.map((row) => row.id)]).toEqual([
      4,
      ["p7", "p5", "p3", "p1"],
    ]);
    expect(floss.products.find((row) => row.id === "p3")?.active).toBe(false);
  });
});
