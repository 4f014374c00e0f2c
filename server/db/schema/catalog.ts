import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

export const products = pgTable(
  "products",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** Sanitised on write (server/catalog/product-html.ts) and again on render. */
    descriptionHtml: text("description_html").notNull(),
    imageUrl: text("image_url").notNull(),
    imageAlt: text("image_alt").notNull(),
    active: boolean("active").notNull().default(true),
    /** Visible reviews and the sum of their stars: kept by a trigger on reviews (migration 0012). */
    reviewCount: integer("review_count").notNull().default(0),
    reviewStarTotal: integer("review_star_total").notNull().default(0),
    ...timestamps,
  },
  (table) => [index("products_active_created_at_idx").on(table.active, table.createdAt)],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    pricePence: integer("price_pence").notNull(),
    /** A genuine former price; only then may a SALE badge show (DESIGN §8). */
    compareAtPricePence: integer("compare_at_price_pence"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    /**
     * The most one order may take (DESIGN §8): so no one customer can hold a product's whole
     * stock. At most the public stock band (app/lib/stock-levels.ts), so a banded stock figure
     * never lowers what may be bought.
     */
    maxPerOrder: integer("max_per_order").notNull().default(10),
    ...timestamps,
  },
  (table) => [
    index("product_variants_product_id_created_at_idx").on(table.productId, table.createdAt),
    check("product_variants_price_pence_non_negative", sql`${table.pricePence} >= 0`),
    check("product_variants_stock_quantity_non_negative", sql`${table.stockQuantity} >= 0`),
    check("product_variants_max_per_order_range", sql`${table.maxPerOrder} between 1 and 20`),
    check(
      "product_variants_compare_at_above_price",
      sql`${table.compareAtPricePence} is null or ${table.compareAtPricePence} > ${table.pricePence}`,
    ),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductVariant = typeof productVariants.$inferSelect;
export type NewProductVariant = typeof productVariants.$inferInsert;
