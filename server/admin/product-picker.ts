import { asc, ilike } from "drizzle-orm";
import { products } from "../catalog/schema";
import { likePattern } from "../catalog/search-pattern";
import type { Database } from "../db/database";

// The admin's product picker (app/components/admin/product-picker.tsx): products found by a part
// of their name, wherever the admin chooses products (a discount code's). Drafts and archived
// products are found too: a code may be made ready before its product goes on sale.

export type PickedProduct = { slug: string; name: string; active: boolean };

/** How many matches the picker lists: enough to choose from, few enough to read. */
const PICKER_MATCHES = 8;

/** Products whose name holds `text` (case and accents as typed), by name; none for no text. */
export async function findProductsByName(db: Database, text: string): Promise<PickedProduct[]> {
  const wanted = text.trim();
  if (wanted === "") return [];
  return db
    .select({ slug: products.slug, name: products.name, active: products.active })
    .from(products)
    .where(ilike(products.name, likePattern(wanted)))
    .orderBy(asc(products.name), asc(products.slug))
    .limit(PICKER_MATCHES);
}
