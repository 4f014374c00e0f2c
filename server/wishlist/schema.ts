import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { products } from "../catalog/schema";
import { timestamps } from "../db/columns";

// Products a customer saved with a heart (docs/product.md#beyond-a-brochure-site: a real wishlist instead of a static
// one). One row per customer and product; both sides deleting take the row with them.
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index("wishlist_items_user_id_created_at_idx").on(table.userId, table.createdAt),
  ],
);
