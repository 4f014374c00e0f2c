import { type Column, getTableName, type SQL, sql } from "drizzle-orm";
import type {
  CatalogProduct,
  DetailVariantView,
  VariantView,
} from "../../common/catalog/catalog-types";
import type { ProductPicture } from "../../common/catalog/product-images";
import { productImages, products, productVariants } from "./schema";

// What the catalogue reads of a product, as one select: its columns and its variants, oldest (the
// default) first, as one JSON array built by PostgreSQL. A listing page, a product page and the
// wishlist read the same row, each in one statement, and no query builder or relational mapper
// runs per variant in Node.

/**
 * `"table"."column"`: Drizzle leaves the table out of a query on one table, where `"id"` within the
 * variants' subquery would name the variant's id, not the product's.
 */
function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

const variant = {
  id: qualified(productVariants.id),
  productId: qualified(productVariants.productId),
  createdAt: qualified(productVariants.createdAt),
};

/** The variants' JSON array; a product's page adds each one's option values and codes. */
const variantsJson = <Variant>(extra: SQL = sql``) => sql<Variant[]>`coalesce((
  select json_agg(json_build_object(${extra}
    'id', ${variant.id},
    'name', ${qualified(productVariants.name)},
    'pricePence', ${qualified(productVariants.pricePence)},
    'compareAtPricePence', ${qualified(productVariants.compareAtPricePence)},
    'stockQuantity', ${qualified(productVariants.stockQuantity)},
    'maxPerOrder', ${qualified(productVariants.maxPerOrder)}
  ) order by ${variant.createdAt}, ${variant.id})
  from ${productVariants} where ${variant.productId} = ${qualified(products.id)}
), '[]'::json)`;

const variants = variantsJson<VariantView>();

export const productRowColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  imageUrl: products.imageUrl,
  imageAlt: products.imageAlt,
  createdAt: products.createdAt,
  descriptionHtml: products.descriptionHtml,
  reviewCount: products.reviewCount,
  reviewStarTotal: products.reviewStarTotal,
  variants: variants.as("variants"),
};

/** What a product's page reads more than a listing: its options and each variant's values and codes. */
export const productPageColumns = {
  ...productRowColumns,
  optionNames: products.optionNames,
  /** The pictures after the main one, in order. */
  images: sql<ProductPicture[]>`coalesce((
    select json_agg(json_build_object('url', ${qualified(productImages.url)}, 'alt', ${qualified(productImages.alt)}) order by ${qualified(productImages.position)})
    from ${productImages} where ${qualified(productImages.productId)} = ${qualified(products.id)}
  ), '[]'::json)`.as("images"),
  variants: variantsJson<DetailVariantView>(sql`
    'optionValues', ${qualified(productVariants.optionValues)},
    'sku', ${qualified(productVariants.sku)},
    'barcode', ${qualified(productVariants.barcode)},
    'imageUrl', ${qualified(productVariants.imageUrl)},`).as("variants"),
};

/** A product as the catalogue reads it: stock still exact, description as stored. */
export type ProductRow = Omit<CatalogProduct, "rating"> & {
  reviewCount: number;
  reviewStarTotal: number;
};
