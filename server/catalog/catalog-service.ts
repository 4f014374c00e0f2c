import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  CatalogProduct,
  ProductDetail,
  ProductSummary,
  ProductTeaser,
  VariantView,
} from "../../common/catalog/catalog-types";
import { normalizeSearchText } from "../../common/catalog/search-text";
import { ratingOf } from "../../common/reviews/ratings";
import { publicStock } from "../../common/stock/stock-levels";
import { PRODUCTS_TAG, productTag, tagPage } from "../cache/cache-tags";
import type { Database } from "../db/database";
import { preparedStatements } from "../db/prepared";
import { DomainError } from "../errors";
import { type CatalogFilter, findProductPage, type ProductPage } from "./catalog-query";
import { renderProductDescription } from "./product-html";
import { type ProductRow, productPageColumns, productRowColumns } from "./product-row";
import { products } from "./schema";

// Read side of the catalogue. Each read is a fixed number of SQL statements whatever the
// catalogue's size, each product read with its variants in one row (./product-row.ts). Statements
// are prepared once per database: building the SQL on every call cost more than running it.

/** A variant as the public sees it: stock in bands (docs/architecture.md#security). */
function publicVariant<Variant extends VariantView>(variant: Variant): Variant {
  return { ...variant, stockQuantity: publicStock(variant.stockQuantity) };
}

/** The review figures kept on the product (migration 0012) as the rating cards show. */
function withRating<Row extends { reviewCount: number; reviewStarTotal: number }>({
  reviewCount,
  reviewStarTotal,
  ...row
}: Row) {
  return { ...row, rating: ratingOf(reviewCount, reviewStarTotal) };
}

const newestFirst = [desc(products.createdAt), asc(products.id)];

const statements = preparedStatements((db: Database) => ({
  product: db
    .select({
      ...productPageColumns,
      seoTitle: products.seoTitle,
      seoDescription: products.seoDescription,
    })
    .from(products)
    .where(and(eq(products.id, sql.placeholder("id")), eq(products.active, true)))
    .prepare("catalog_product"),
}));

/** A product as lists and the JSON API show it: description made safe, stock in bands. */
function toCatalogProduct<Row extends ProductRow>(row: Row) {
  return {
    ...withRating(row),
    descriptionHtml: renderProductDescription(row.descriptionHtml).html,
    variants: row.variants.map(publicVariant),
  };
}

/** The products on sale among `ids` with all their variants, in the order of `ids`. */
async function productsInOrder(db: Database, ids: readonly string[]): Promise<CatalogProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productRowColumns)
    .from(products)
    .where(and(eq(products.active, true), inArray(products.id, [...ids])));
  tagPage(...ids.map(productTag));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCatalogProduct(row)] : [];
  });
}

export { type CatalogFilter, listingFilter } from "./catalog-query";

/** A page of products and how many match (ProductPage's count, and its correction of a typo). */
type FoundProducts<Product> = { products: Product[] } & Pick<
  ProductPage,
  "total" | "totalIsExact" | "correctedTo"
>;

/**
 * One page of products on sale with all their variants, and how many match in all: sorted,
 * filtered and searched as `filter` says (server/catalog/catalog-query.ts), in a fixed number of
 * statements whatever the catalogue's size.
 */
export async function findProducts(
  db: Database,
  filter: CatalogFilter,
  options?: { count?: boolean },
): Promise<FoundProducts<CatalogProduct>> {
  const search = normalizeSearchText(filter.search ?? "");
  const page = await findProductPage(db, { ...filter, search }, options);
  tagPage(PRODUCTS_TAG, ...page.rows.map((row) => productTag(row.id)));
  return {
    products: page.rows.map(toCatalogProduct),
    total: page.total,
    totalIsExact: page.totalIsExact,
    correctedTo: page.correctedTo,
  };
}

/** One page of products as cards: findProducts for pages. */
export async function findProductSummaries(
  db: Database,
  filter: CatalogFilter,
  options?: { count?: boolean },
): Promise<FoundProducts<ProductSummary>> {
  const { products: found, ...rest } = await findProducts(db, filter, options);
  return { products: found.map(toSummary), ...rest };
}

function toSummary({
  id,
  name,
  imageUrl,
  imageAlt,
  rating,
  variants,
}: CatalogProduct): ProductSummary {
  return {
    id,
    name,
    imageUrl,
    imageAlt,
    rating,
    defaultVariant: variants[0] ?? null,
    saleVariant: variants.find((variant) => variant.compareAtPricePence !== null) ?? null,
  };
}

/** The shop's featured products (the store's default order) for the home page's block. */
export async function listFeaturedProducts(db: Database, count = 3): Promise<ProductTeaser[]> {
  const filter = { sort: "featured", limit: count, offset: 0 } as const;
  const { products: found } = await findProducts(db, filter, { count: false });
  return found.map((product) => ({
    ...toSummary(product),
    excerpt: renderProductDescription(product.descriptionHtml).excerpt,
  }));
}

/** The products on sale among `ids`, in that order (unknown or withdrawn ids are left out). */
export async function listProductSummaries(
  db: Database,
  ids: readonly string[],
): Promise<ProductSummary[]> {
  return (await productsInOrder(db, ids)).map(toSummary);
}

/** One product on sale with all its variants, oldest (the default) first. */
export async function getProduct(db: Database, id: string): Promise<ProductDetail> {
  tagPage(productTag(id));
  const [row] = await statements(db).product.execute({ id });
  if (!row) throw new DomainError("NOT_FOUND", "Product not found.");
  const { seoTitle, seoDescription, ...product } = row;
  return {
    ...toCatalogProduct(product),
    summary: renderProductDescription(row.descriptionHtml).summary,
    seoTitle,
    seoDescription,
  };
}

/** Ids and last change of every product on sale, for the sitemap. */
export function listProductsForSitemap(
  db: Database,
): Promise<Array<{ id: string; updatedAt: Date }>> {
  tagPage(PRODUCTS_TAG);
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(...newestFirst);
}
