import { adminActor } from "@server/audit/audit-log";
import { productVariants } from "@server/catalog/schema";
import { stockMovements } from "@server/stock/schema";
import { adjustStock, findStockDiscrepancies, restock } from "@server/stock/stock-service";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createProduct, stockOf } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The stock module's own changes (restock, adjustment) and the invariant every integration test
// checks after itself (tests/setup/test-database.ts): a variant's stock is the sum of its movements.

describe.each(testDrivers)("stock movements on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  const movements = (variantId: string) =>
    db()
      .select({
        kind: stockMovements.kind,
        quantityChange: stockMovements.quantityChange,
        stockAfter: stockMovements.stockAfter,
        actorType: stockMovements.actorType,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(asc(stockMovements.createdAt));

  it("records a restock and a counted adjustment with the admin and the reason", async () => {
    await createProduct(db(), { variants: [{ id: "pen", stockQuantity: 5 }] });
    const admin = adminActor(await createCustomer(db(), "admin@example.com"));
    await db().transaction((tx) =>
      restock(tx, { variantId: "pen", quantity: 12, actor: admin, reason: "Delivery 4711" }),
    );
    await db().transaction((tx) =>
      adjustStock(tx, { variantId: "pen", counted: 15, actor: admin, reason: "Two broken" }),
    );
    // A count that finds what the shop thinks it has changes nothing and records nothing.
    await db().transaction((tx) =>
      adjustStock(tx, { variantId: "pen", counted: 15, actor: admin, reason: "Checked again" }),
    );
    expect(await stockOf(db(), "pen")).toBe(15);
    expect(await movements("pen")).toEqual([
      {
        kind: "restock",
        quantityChange: 5,
        stockAfter: 5,
        actorType: "system",
        reason: "Starting stock",
      },
      {
        kind: "restock",
        quantityChange: 12,
        stockAfter: 17,
        actorType: "admin",
        reason: "Delivery 4711",
      },
      {
        kind: "adjustment",
        quantityChange: -2,
        stockAfter: 15,
        actorType: "admin",
        reason: "Two broken",
      },
    ]);
  });

  it("refuses a restock of nothing, a negative count, an adjustment without a reason, an unknown variant", async () => {
    await createProduct(db(), { variants: [{ id: "pen", stockQuantity: 5 }] });
    const admin = adminActor(await createCustomer(db(), "admin@example.com"));
    const attempts = [
      () => restock(db(), { variantId: "pen", quantity: 0, actor: admin, reason: "x" }),
      () => restock(db(), { variantId: "pen", quantity: 1.5, actor: admin, reason: "x" }),
      () => adjustStock(db(), { variantId: "pen", counted: -1, actor: admin, reason: "x" }),
      () => adjustStock(db(), { variantId: "pen", counted: 3, actor: admin, reason: "  " }),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(
      restock(db(), { variantId: "gone", quantity: 1, actor: admin, reason: "x" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await stockOf(db(), "pen")).toBe(5);
    expect(await movements("pen")).toHaveLength(1);
  });

  // The probe of the invariant every integration test checks: stock written behind the stock
  // module's back is found.
  it("finds stock that was written without a movement", async () => {
    await createProduct(db(), { variants: [{ id: "pen", stockQuantity: 5 }, { id: "kit" }] });
    expect(await findStockDiscrepancies(db())).toEqual([]);
    await db()
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} + 3` })
      .where(eq(productVariants.id, "pen"));
    expect(await findStockDiscrepancies(db())).toEqual([
      { variantId: "pen", stock: 8, movementsTotal: 5 },
    ]);
    // Put right, so this test's own check afterwards passes.
    await db()
      .update(productVariants)
      .set({ stockQuantity: 5 })
      .where(eq(productVariants.id, "pen"));
  });
});
