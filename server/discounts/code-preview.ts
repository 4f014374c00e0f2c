import { eq, inArray } from "drizzle-orm";
import { type CheckoutRequest, mergeLines } from "../../common/checkout/checkout-input";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { type CheckedCode, checkCode, countCodeAttempt } from "./code-check";

// The checkout summary's look at a code before the order is made (docs/decisions/043): whether it
// applies to this cart and what it offers, priced from the database. Each look counts as an
// attempt; the order's own check, in its transaction, is the one that counts for money.

export async function previewCode(
  db: Database,
  input: {
    /** Null for a guest's cart (the cart drawer): the per-customer limit waits for checkout. */
    userId: string | null;
    clientAddress: string | null;
    code: string;
    items: CheckoutRequest["items"];
  },
  now = new Date(),
): Promise<CheckedCode> {
  await countCodeAttempt(db, input.userId, input.clientAddress, now.getTime());
  const lines = mergeLines(input.items);
  const variants = await db
    .select({
      id: productVariants.id,
      pricePence: productVariants.pricePence,
      productId: products.id,
      categoryId: products.categoryId,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      inArray(
        productVariants.id,
        lines.map((line) => line.variantId),
      ),
    );
  const byId = new Map(variants.map((variant) => [variant.id, variant]));
  return checkCode(
    db,
    {
      code: input.code,
      userId: input.userId,
      lines: lines.flatMap((line) => {
        const variant = byId.get(line.variantId);
        return variant
          ? [
              {
                productId: variant.productId,
                categoryId: variant.categoryId,
                unitPricePence: variant.pricePence,
                quantity: line.quantity,
              },
            ]
          : [];
      }),
    },
    now,
  );
}
