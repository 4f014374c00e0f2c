import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type {
  CatalogProduct,
  ProductDetail,
  ProductSummary,
  VariantView,
} from "../../app/lib/catalog-types";
import { ratingOf } from "../../app/lib/ratings";
import { normalizeSearchText } from "../../app/lib/search-text";
import { publicStock } from "../../app/lib/stock-levels";
import type { Database } from "../db/database";
import { products, productVariants } from "../db/schema/catalog";
import { DomainError } from "../errors";
import { renderProductDescription } from "./product-html";
import { likePattern } from "./search-pattern";

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
  maxPerOrder: true,
} as const;

/** A variant as the public sees it: stock in bands (DESIGN §6). */
function publicVariant(variant: VariantView): VariantView {
  return { ...variant, stockQuantity: publicStock(variant.stockQuantity) };
}

const summaryColumns = {
  id: true,
  slug: true,
  name: true,
  imageUrl: true,
  imageAlt: true,
  createdAt: true,
  descriptionHtml: true,
  reviewCount: true,
  reviewStarTotal: true,
} as const;

/** The review figures kept on the product (migration 0012) as the rating cards show. */
function withRating<Row extends { reviewCount: number; reviewStarTotal: number }>({
  reviewCount,
  reviewStarTotal,
  ...row
}: Row) {
  return { ...row, rating: ratingOf(reviewCount, reviewStarTotal) };
}

const variantOrder = [asc(productVariants.createdAt), asc(productVariants.id)];
const newestFirst = [desc(products.createdAt), asc(products.id)];

// Search: the query as an ILIKE pattern against the name and the description's text (tags
// stripped, whitespace collapsed as the query's is), name matches first.
const searchPattern = sql.placeholder("pattern");
const descriptionText = sql`regexp_replace(regexp_replace(${products.descriptionHtml}, '<[^>]*>', ' ', 'g'), '[[:space:]]+', ' ', 'g')`;
const matchesSearch = or(
  ilike(products.name, searchPattern),
  sql`${descriptionText} ilike ${searchPattern}`,
);
const nameMatchesFirst = sql`case when ${products.name} ilike ${searchPattern} then 0 else 1 end`;

function prepareStatements(db: Database) {
  const listing = {
    columns: summaryColumns,
    limit: sql.placeholder("limit"),
    offset: sql.placeholder("offset"),
    with: { variants: { columns: variantColumns, orderBy: variantOrder } },
  } as const;
  return {
    list: db.query.products
      .findMany({ ...listing, where: eq(products.active, true), orderBy: newestFirst })
      .prepare("catalog_list"),
    search: db.query.products
      .findMany({
        ...listing,
        where: and(eq(products.active, true), matchesSearch),
        orderBy: [nameMatchesFirst, ...newestFirst],
      })
      .prepare("catalog_search"),
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

/** More than any catalogue this shop will list on one page. */
const ALL_PRODUCTS = 1000;

export type CatalogQuery = {
  /** Text to look for in names and descriptions; blank lists everything. */
  search?: string;
  limit: number;
  offset: number;
};

/** Products on sale with all their variants: newest first, or best match first when searching. */
export async function findProducts(
  db: Database,
  { search = "", limit, offset }: CatalogQuery,
): Promise<CatalogProduct[]> {
  const text = normalizeSearchText(search);
  const prepared = statements(db);
  const rows = text
    ? await prepared.search.execute({ pattern: likePattern(text), limit, offset })
    : await prepared.list.execute({ limit, offset });
  return rows.map((row) => ({
    ...withRating(row),
    descriptionHtml: renderProductDescription(row.descriptionHtml).html,
    variants: row.variants.map(publicVariant),
  }));
}

function toSummary({ variants, descriptionHtml, ...product }: CatalogProduct): ProductSummary {
  return {
    ...product,
    excerpt: renderProductDescription(descriptionHtml).excerpt,
    defaultVariant: variants[0] ?? null,
    saleVariant: variants.find((variant) => variant.compareAtPricePence !== null) ?? null,
  };
}

/** Every product on sale, newest first, each with its default variant. */
export async function listProducts(db: Database): Promise<ProductSummary[]> {
  return (await findProducts(db, { limit: ALL_PRODUCTS, offset: 0 })).map(toSummary);
}

/** The newest products for the home page's featured block. */
export async function listFeaturedProducts(db: Database, count = 3): Promise<ProductSummary[]> {
  return (await findProducts(db, { limit: count, offset: 0 })).map(toSummary);
}

/** The products on sale among `ids`, in no particular order (unknown or withdrawn ids are left out). */
export async function listProductSummaries(
  db: Database,
  ids: readonly string[],
): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.query.products.findMany({
    columns: summaryColumns,
    where: and(eq(products.active, true), inArray(products.id, [...ids])),
    with: { variants: { columns: variantColumns, orderBy: variantOrder } },
  });
  return rows.map((row) =>
    toSummary({ ...withRating(row), variants: row.variants.map(publicVariant) }),
  );
}

/** The search page's results: name matches first, then description matches, newest first. */
export async function searchProducts(db: Database, search: string): Promise<ProductSummary[]> {
  if (!normalizeSearchText(search)) return [];
  return (await findProducts(db, { search, limit: ALL_PRODUCTS, offset: 0 })).map(toSummary);
}

/** One product on sale with all its variants, oldest (the default) first. */
export async function getProduct(db: Database, id: string): Promise<ProductDetail> {
  const row = await statements(db).product.execute({ id });
  if (!row) throw new DomainError("NOT_FOUND", "Product not found.");
  const { html, text } = renderProductDescription(row.descriptionHtml);
  return {
    ...withRating(row),
    descriptionHtml: html,
    descriptionText: text,
    variants: row.variants.map(publicVariant),
  };
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
