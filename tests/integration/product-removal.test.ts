import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { setProductActive } from "@server/catalog/product-editor";
import { deleteProduct } from "@server/catalog/product-removal";
import { products, productVariants } from "@server/catalog/schema";
import { createDiscountCode, updateDiscountCode } from "@server/discounts/code-editor";
import { createTestProvider } from "@server/payments/test-provider";
import { stockMovements } from "@server/stock/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCustomer,
  createProduct,
  paidOrderOfTwo,
  testCodeInput,
  versionNow,
} from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Deleting a product for good: only a draft or an archived one that no order and no discount
// code names; one an order names stays archived.

describe.each(testDrivers)("deleting a product on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");

  it("deletes a draft with its variants and stock movements, audited", async () => {
    const admin = adminActor(await createCustomer(db()));
    await createProduct(db(), { id: "draft", slug: "draft", active: false });
    expect(await db().select().from(stockMovements)).toHaveLength(1);
    await deleteProduct(db(), admin, "draft");
    expect(await getAdminProduct(db(), "draft")).toBeNull();
    expect(await db().select().from(productVariants)).toEqual([]);
    expect(await db().select().from(stockMovements)).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "product.deleted"));
    expect(audit).toMatchObject({ entityType: "product", entityId: "draft" });
    await expect(deleteProduct(db(), admin, "draft")).rejects.toThrow("Product not found.");
  });

  it("refuses a product on sale, one an order names, and one a code is limited to", async () => {
    const admin = adminActor(await createCustomer(db()));
    const { variantId } = await paidOrderOfTwo(db(), provider);
    const [sold] = await db()
      .select({ id: productVariants.productId })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    const soldId = sold?.id ?? "";
    await expect(deleteProduct(db(), admin, soldId)).rejects.toThrow(
      "Archive the product before deleting it: only drafts and archived products can be deleted.",
    );
    await setProductActive(db(), admin, soldId, false);
    await expect(deleteProduct(db(), admin, soldId)).rejects.toThrow(
      "Orders name this product, so it stays archived: their invoices, returns and history need it.",
    );

    await createProduct(db(), { id: "coded", slug: "coded", active: false });
    const codeId = await createDiscountCode(db(), admin, {
      ...testCodeInput,
      productSlugs: ["coded"],
    });
    await expect(deleteProduct(db(), admin, "coded")).rejects.toThrow(
      "The discount code SAVE20 is limited to this product: take it off the code first.",
    );
    await updateDiscountCode(db(), admin, codeId, {
      ...testCodeInput,
      version: await versionNow(db(), "discount_codes", codeId),
    });
    await deleteProduct(db(), admin, "coded");
    const left = await db().select({ id: products.id }).from(products);
    expect(left.map((row) => row.id)).toEqual([soldId]);
  });
});
