import { inArray, type SQL, sql } from "drizzle-orm";
import {
  NO_OPTION_NAME,
  NO_OPTION_VALUE,
  PRODUCT_CSV_COLUMNS,
} from "../../common/catalog/product-csv";
import { NO_PICTURE } from "../../common/catalog/product-images";
import { csvBatchStream, type NewestFirstCursor, readNewestFirst } from "../db/csv-stream";
import type { Database } from "../db/database";
import { adminProductSearch } from "./bulk-products";
import { products } from "./schema";

// The catalogue as Shopify's product CSV (docs/admin.md#product-csv): a product over several
// rows, one per variant, its own fields on the first; every product, the ones matching the
// list's search or the ones chosen, newest first. The database writes the lines, made inert and
// quoted by csv_cell (migration 0011), a batch of products at a time (server/db/csv-stream.ts).

const BATCH = 100;

export type ProductExportFilter = { search?: string; ids?: readonly string[] };

/** Pence as pounds, 3999 as 39.99. */
const pounds = (pence: SQL) => sql`round(${pence} / 100.0, 2)::text`;

/**
 * A product's lines: one per variant, oldest (the default) first, its pictures beside them in
 * order (the main one on the first line), a line of its own for each picture past the last
 * variant, as Shopify writes them. Written out in full: inside a subquery Drizzle names columns
 * without their table. Every cell is text, never NULL (concat_ws would leave it out).
 */
function productLines(vendor: string, baseUrl: string): SQL<string> {
  const first = (cell: SQL) => sql`case when v.position = 1 then ${cell} else '' end`;
  const option = (index: 1 | 2 | 3) =>
    index === 1
      ? // Without options, Shopify's "Title" option names the variants ("Default Title" alone).
        [
          first(sql`csv_cell(coalesce(p.option_names[1], ${NO_OPTION_NAME}))`),
          sql`csv_cell(case when cardinality(p.option_names) > 0 then v.option_values[1] when v.count = 1 and v.name = 'Default' then ${NO_OPTION_VALUE} else v.name end)`,
        ]
      : [
          first(sql`csv_cell(p.option_names[${sql.raw(String(index))}])`),
          sql`csv_cell(v.option_values[${sql.raw(String(index))}])`,
        ];
  const cells = [
    sql`csv_cell(p.slug)`,
    first(sql`csv_cell(p.name)`),
    first(sql`csv_cell(p.description_html)`),
    first(sql`csv_cell(${vendor}::text)`),
    first(sql`csv_cell((select c.name from categories c where c.id = p.category_id))`),
    sql`''`,
    first(sql`case when p.active then 'TRUE' else 'FALSE' end`),
    ...option(1),
    ...option(2),
    ...option(3),
    sql`csv_cell(v.sku)`,
    sql`coalesce(v.grams::text, '')`,
    sql`coalesce(v.stock_quantity::text, '')`,
    sql`coalesce(${pounds(sql`v.price_pence`)}, '')`,
    sql`coalesce(${pounds(sql`v.compare_at_price_pence`)}, '')`,
    sql`csv_cell(v.barcode)`,
    sql`csv_cell(${baseUrl}::text || i.url)`,
    sql`coalesce(i.position::text, '')`,
    sql`csv_cell(i.alt)`,
    first(sql`csv_cell(p.seo_title)`),
    first(sql`csv_cell(p.seo_description)`),
    sql`csv_cell(${baseUrl}::text || v.image_url)`,
    first(
      sql`case when p.active then 'active' when p.published_at is null then 'draft' else 'archived' end`,
    ),
  ];
  return sql<string>`coalesce((
    select string_agg(concat_ws(',', ${sql.join(cells, sql`, `)}), E'\\n' order by coalesce(v.position, i.position)) || E'\\n'
    from (
      select pv.*, row_number() over (order by pv.created_at, pv.id) as position,
        count(*) over () as count
      from product_variants pv where pv.product_id = p.id
    ) v
    full join (
      select 1 as position, p.image_url as url, p.image_alt as alt where p.image_url <> ${NO_PICTURE}
      union all
      select pi.position + 1, pi.url, pi.alt from product_images pi where pi.product_id = p.id
    ) i on i.position = v.position
  ), '')`;
}

/** The products as a stream of CSV text, the header first; a batch of products per pull. */
export function productsCsvStream(
  db: Database,
  options: {
    filter: ProductExportFilter;
    /** The shop's name, Shopify's Vendor. */
    vendor: string;
    /** Where the shop is, for the images' addresses. */
    baseUrl: string;
    onFailure: (error: unknown) => void;
  },
): ReadableStream<Uint8Array> {
  const { filter } = options;
  const where =
    filter.ids && filter.ids.length > 0
      ? inArray(products.id, [...filter.ids])
      : adminProductSearch(filter.search ?? "");
  // The product's own row is "p" inside the lines' subquery; the batch's row is named in full, as
  // Drizzle would leave its table out.
  const line = sql<string>`(select ${productLines(options.vendor, options.baseUrl)} from products p where p.id = "products"."id")`;
  return csvBatchStream<NewestFirstCursor>({
    header: PRODUCT_CSV_COLUMNS,
    batchSize: BATCH,
    readBatch: (after) =>
      readNewestFirst(db, {
        table: products,
        createdAt: products.createdAt,
        id: products.id,
        line,
        where,
        batchSize: BATCH,
        after,
      }),
    onFailure: options.onFailure,
  });
}
