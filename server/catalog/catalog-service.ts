import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ProductDetail, ProductSummary } from "../../app/lib/catalog-types";
import type { Database } from "../db/database";
import { products, productVariants } from "../db/schema/catalog";
import { DomainError } from "../errors";
import { renderProductDescription } from "./product-html";

// Read side of the catalogue. Each function is one SQL statement (relational queries compile to a
// single statement with lateral joins), so a page costs a fixed number of queries whatever the
// catalogue size. Statements are prepared once per database: building the SQL on every call cost
// more than running it.

const variantColumns = {
  id: true,
  name: true,
  pricePence: true,
  compareAtPricePence: true,
  stockQuantity: true,
} as const;

const summaryColumns = {
  id: true,
  slug: true,
  name: true,
  imageUrl: true,
  imageAlt: true,
  createdAt: true,
  descriptionHtml: true,
} as const;

const variantOrder = [asc(productVariants.createdAt), asc(productVariants.id)];
const newestFirst = [desc(products.createdAt), asc(products.id)];

function prepareStatements(db: Database) {
  return {
    summaries: db.query.products
      .findMany({
        columns: summaryColumns,
        where: eq(products.active, true),
        orderBy: newestFirst,
        limit: sql.placeholder("limit"),
        with: { variants: { columns: variantColumns, orderBy: variantOrder, limit: 1 } },
      })
      .prepare("catalog_summaries"),
    product: db.query.products
      .findFirst({
        columns: { ...summaryColumns, updatedAt: true },
        where: and(eq(products.id, sql.placeholder("id")), eq(products.active, true)),
        with: { variants: { columns: variantColumns, orderBy: variantOrder } },
      })
      .prepare("catalog_product"),
  };
}

const statementsByDb = new WeakMap<Database, ReturnType<typeof prepareStatements>>();

function statements(db: Database) {
  let prepared = statementsByDb.get(db);
  if (!prepared) {
    prepared = prepareStatements(db);
    statementsByDb.set(db, prepared);
  }
  return prepared;
}

/** More than any catalogue this shop will list on one page; paging comes with the API. */
const ALL_PRODUCTS = 1000;

async function listSummaries(db: Database, limit: number): Promise<ProductSummary[]> {
  const rows = await statements(db).summaries.execute({ limit });
  return rows.map(({ variants, descriptionHtml, ...product }) => ({
    ...product,
    excerpt: renderProductDescription(descriptionHtml).excerpt,
    defaultVariant: variants[0] ?? null,
  }));
}

/** Every product on sale, newest first, each with its default variant. */
export function listProducts(db: Database): Promise<ProductSummary[]> {
  return listSummaries(db, ALL_PRODUCTS);
}

/** The newest products for the home page's featured block. */
export function listFeaturedProducts(db: Database, count = 3): Promise<ProductSummary[]> {
  return listSummaries(db, count);
}

/** One product on sale with all its variants, oldest (the default) first. */
export async function getProduct(db: Database, id: string): Promise<ProductDetail> {
  const row = await statements(db).product.execute({ id });
  if (!row) throw new DomainError("NOT_FOUND", "Product not found.");
  const { html, text } = renderProductDescription(row.descriptionHtml);
  return { ...row, descriptionHtml: html, descriptionText: text };
}

/** Ids and last change of every product on sale, for the sitemap. */
export function listProductsForSitemap(
  db: Database,
): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(...newestFirst);
}
