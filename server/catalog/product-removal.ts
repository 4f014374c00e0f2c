import { eq, or, sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../audit/audit-log";
import { productPurgeTags } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import type { Database } from "../db/database";
import { discountCodes } from "../discounts/schema";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { orderItems } from "../orders/schema";
import { products } from "./schema";

// Deleting a product for good (docs/admin.md, Products): only a draft or an archived one, and only
// when nothing still names it. An order names its products for as long as it is kept (its items
// are snapshots with the product's id), so a product ever sold stays archived, as the admin is
// told; a discount code limited to it must let it go first. Its variants, their stock
// movements, its reviews and its place in wishlists go with it (the tables' foreign keys). Its
// uploaded image stays among the uploads the picker offers.

const ON_SALE =
  "Archive the product before deleting it: only drafts and archived products can be deleted.";

const ORDERED =
  "Orders name this product, so it stays archived: their invoices, returns and history need it.";

/**
 * Deletes the draft or archived product `id`. Refused while it is on sale, while an order names
 * it (it stays archived) or while a discount code is limited to it.
 */
export async function deleteProduct(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        name: products.name,
        active: products.active,
        draft: sql<boolean>`${products.publishedAt} is null`,
      })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!product) throw new DomainError("NOT_FOUND", "Product not found.");
    if (product.active) throw new DomainError("CONFLICT", ON_SALE);
    const [ordered] = await tx
      .select({ one: sql`1` })
      .from(orderItems)
      .where(eq(orderItems.productId, id))
      .limit(1);
    if (ordered) throw new DomainError("CONFLICT", ORDERED);
    // A code or an automatic offer (its products, or its free gift) naming it.
    const [discount] = await tx
      .select({ code: discountCodes.code, title: discountCodes.title })
      .from(discountCodes)
      .where(
        or(
          sql`${discountCodes.productIds} @> ${JSON.stringify([id])}::jsonb`,
          eq(discountCodes.giftProductId, id),
        ),
      )
      .limit(1);
    if (discount) {
      throw new DomainError(
        "CONFLICT",
        discount.code === null
          ? `The offer ${discount.title} is for this product: take it off the offer first.`
          : `The discount code ${discount.code} is limited to this product: take it off the code first.`,
      );
    }
    await tx.delete(products).where(eq(products.id, id));
    await enqueuePurge(tx, productPurgeTags(id));
    await recordAudit(tx, {
      actor,
      action: "product.deleted",
      entity: { type: "product", id },
      before: { name: product.name, draft: product.draft },
    });
  });
  shopChanged();
}
