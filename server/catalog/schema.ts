import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ImportOutcome, ImportProblem } from "../../common/catalog/product-csv";
import { timestamps } from "../db/columns";

/** PostgreSQL's full-text document type; read only inside SQL, never by the application. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Groups of products with their own page, /store/:slug. */
export const categories = pgTable("categories", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  /** Plain text: the category page's introduction and its meta description. */
  description: text("description").notNull(),
  /** What search engines and link previews show, when the admin wrote it; else the name and description. */
  seoTitle: text("seo_title"),
  seoDescription: text("seo_description"),
  /** Order of the filter chips and the sitemap: lowest first. */
  position: integer("position").notNull().default(0),
  /** Goes up by one with every save from the admin's editor: a save from an older one is refused. */
  version: integer("version").notNull().default(1),
  ...timestamps,
});

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
    /** What search engines and link previews show, when the admin wrote it; else the name and text. */
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /**
     * The product's options in order (Shade, Pack...), at most three: each variant holds one value
     * of each, and its name is those values joined (server/catalog/product-options.ts). None: the
     * variants are named freely.
     */
    optionNames: text("option_names").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    /**
     * When the product first went on sale: null for a draft (saved, never published; the editor
     * says so), else the insert's time. An inactive product with a date was archived.
     */
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
    /** Visible reviews and the sum of their stars: kept by a trigger on reviews (migration 0012). */
    reviewCount: integer("review_count").notNull().default(0),
    reviewStarTotal: integer("review_star_total").notNull().default(0),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "set null" }),
    /**
     * Goes up by one with every save from the admin's editor: a save made from an older version
     * is refused (two admins editing the same product), never silently written over the newer.
     */
    version: integer("version").notNull().default(1),
    /** The "featured" sort: higher first, then newest. Set by the seed and the admin. */
    featuredRank: integer("featured_rank").notNull().default(0),
    /**
     * The default variant's price, as the product's card shows it: kept by a trigger on the
     * variants (migration 0014) so the price sort and filter are read from an index.
     */
    pricePence: integer("price_pence").notNull().default(0),
    /**
     * Search document: the name (weight A) and the description's text (weight B), English
     * stemming; maintained by PostgreSQL on every write (migration 0014).
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(description_html, '<[^>]*>', ' ', 'g')), 'B')`,
      ),
    /** The name alone, stemmed: "name matches first" is a cheap test on this (migration 0014). */
    nameVector: tsvector("name_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, name)`),
    ...timestamps,
  },
  // Each listing order has its own partial index over the products on sale, so a page (and
  // /store?page=40) walks an index in order instead of sorting the catalogue (migration 0014).
  (table) => [
    index("products_active_created_at_idx").on(table.active, table.createdAt),
    index("products_featured_idx")
      .on(table.featuredRank.desc().nullsFirst(), table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`active`),
    index("products_newest_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`active`),
    index("products_price_idx").on(table.pricePence, table.id).where(sql`active`),
    index("products_category_idx").on(table.categoryId).where(sql`active`),
    index("products_search_idx").using("gin", table.searchVector),
    // The search's name matches counted and found without reading its other matches (migration
    // 0016, server/catalog/catalog-query.ts).
    index("products_name_search_idx").using("gin", table.nameVector).where(sql`active`),
    index("products_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`),
  ],
);

/**
 * How many products are on sale in all (scope "") and in each category (scope: its id). Kept by
 * triggers on products (migration 0015), so a listing reads its count instead of counting the
 * catalogue; filters by price or stock, and searches, still count their matches.
 */
export const productCounts = pgTable("product_counts", {
  scope: text("scope").primaryKey(),
  onSale: integer("on_sale").notNull().default(0),
});

/**
 * The words of the products on sale (their names and descriptions, lower case, letters and digits,
 * three to forty characters, not those the search leaves out) and how many products hold each.
 * Kept by triggers on products (migration 0017). A search that matches nothing looks here for
 * words close to each word typed (trigram similarity, through its own index): typo tolerance
 * whose cost follows the shop's vocabulary, not its catalogue.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    products: integer("products").notNull().default(0),
  },
  (table) => [index("search_words_trgm_idx").using("gin", sql`${table.word} gin_trgm_ops`)],
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
    /** One value per option of its product, in the product's order; none without options. */
    optionValues: text("option_values").array().notNull().default(sql`'{}'::text[]`),
    /** The shop's own stock-keeping code: unique across the catalogue when given. */
    sku: text("sku"),
    /** The GTIN printed under the barcode (8, 12, 13 or 14 digits with its check digit). */
    barcode: text("barcode"),
    /** Shipping weight in grams, as Shopify's CSV carries it. */
    grams: integer("grams"),
    /** The product's picture that shows this variant (its page turns to it); none: the main one. */
    imageUrl: text("image_url"),
    pricePence: integer("price_pence").notNull(),
    /** A genuine former price; only then may a SALE badge show (docs/product.md#beyond-a-brochure-site). */
    compareAtPricePence: integer("compare_at_price_pence"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    /**
     * The most one order may take (docs/product.md#beyond-a-brochure-site): so no one customer can hold a product's whole
     * stock. At most the public stock band (common/stock/stock-levels.ts), so a banded stock figure
     * never lowers what may be bought.
     */
    maxPerOrder: integer("max_per_order").notNull().default(10),
    ...timestamps,
  },
  (table) => [
    index("product_variants_product_id_created_at_idx").on(table.productId, table.createdAt),
    uniqueIndex("product_variants_sku_unique").on(table.sku).where(sql`${table.sku} is not null`),
    // SKUs are compared without case (the editor's and the import's checks): found by index, not
    // by reading every variant, however big the catalogue.
    index("product_variants_sku_lower_idx").on(sql`lower(${table.sku})`),
    check("product_variants_grams_range", sql`${table.grams} between 0 and 1000000`),
    check("product_variants_price_pence_non_negative", sql`${table.pricePence} >= 0`),
    check("product_variants_stock_quantity_non_negative", sql`${table.stockQuantity} >= 0`),
    check("product_variants_max_per_order_range", sql`${table.maxPerOrder} between 1 and 20`),
    check(
      "product_variants_compare_at_above_price",
      sql`${table.compareAtPricePence} is null or ${table.compareAtPricePence} > ${table.pricePence}`,
    ),
  ],
);

/**
 * A product's pictures after its main one (the product's own `image_url` and `image_alt`, which
 * the listings read), in order from position 1: its page's gallery shows them all. Written with
 * the product by its editor (server/catalog/product-editor.ts).
 */
export const productImages = pgTable(
  "product_images",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** One of the shop's illustrations or an upload (common/catalog/product-images.ts). */
    url: text("url").notNull(),
    alt: text("alt").notNull(),
    position: integer("position").notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("product_images_product_position_unique").on(table.productId, table.position),
  ],
);

export const productImportStatuses = [
  "queued",
  "running",
  "finished",
  "stopped",
  "refused",
] as const;

/**
 * A product CSV applied by the job queue (server/catalog/product-import-job.ts): the file kept
 * until it is done, and how far it went, written in each product's own transaction so a crash or
 * a second runner never saves a product twice. One file at a time: the same bytes cannot be
 * queued again while they run.
 */
export const productImports = pgTable(
  "product_imports",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the file's bytes, in hex. */
    digest: text("digest").notNull(),
    /**
     * The file itself in base64, dropped once the import is over: text, as the embedded
     * database takes a long string far faster than the same bytes as bytea.
     */
    fileBase64: text("file_base64"),
    startedBy: text("started_by").notNull(),
    status: text("status", { enum: productImportStatuses }).notNull().default("queued"),
    rowsTotal: integer("rows_total").notNull().default(0),
    productsTotal: integer("products_total").notNull().default(0),
    /** Products handled (saved or failed), in the file's order: where a next run starts. */
    nextProduct: integer("next_product").notNull().default(0),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsFailed: integer("rows_failed").notNull().default(0),
    rowsLeftOut: integer("rows_left_out").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    /** Products that failed or lost a picture, with why (the first few hundred). */
    outcomes: jsonb("outcomes").$type<ImportOutcome[]>().notNull().default([]),
    /** Why nothing was imported: the file's problems when it was read to be applied. */
    problems: jsonb("problems").$type<ImportProblem[]>().notNull().default([]),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("product_imports_running_digest_idx")
      .on(table.digest)
      .where(sql`status in ('queued', 'running')`),
    index("product_imports_created_idx").on(table.createdAt),
  ],
);

export type ProductImportRow = typeof productImports.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductVariant = typeof productVariants.$inferSelect;
export type NewProductVariant = typeof productVariants.$inferInsert;
