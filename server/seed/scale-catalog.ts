import { sql } from "drizzle-orm";
import { systemActor } from "../audit/audit-log";
import { categories, products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { restockMany } from "../stock/stock-service";
import { seedCategories } from "./catalog-data";
import { generator } from "./random";

// `npm run seed -- --products 10000`: a large, deterministic catalogue for benchmarks and tests of
// the catalogue at scale. The same count gives the same products, names, prices, stock
// and dates on every machine. Products are added once (ids scale-00001, …): running it again with
// a larger count adds only the difference. Demo shops only (scripts/seed.ts checks).

const SCALE_PREFIX = "scale-";
const BATCH = 500;
const SEED = systemActor("seed");

type Line = {
  categoryId: string;
  types: string[];
  sizes: string[];
  image: string;
  /** Pence: the cheapest and dearest a product of this line costs. */
  price: [number, number];
};

/** The demo's categories and three more, as a growing shop would add them. */
const extraCategories = [
  {
    id: "cat-mouthwash",
    slug: "mouthwash",
    name: "Mouthwash",
    description: "Alcohol-free rinses that freshen breath and help keep new stains away.",
    position: 5,
  },
  {
    id: "cat-brushes",
    slug: "brushes",
    name: "Brushes",
    description: "Soft toothbrushes and brush heads that are gentle on enamel and gums.",
    position: 6,
  },
  {
    id: "cat-floss",
    slug: "floss",
    name: "Floss",
    description: "Floss, picks and flosser tips for the places a brush cannot reach.",
    position: 7,
  },
];

const lines: Line[] = [
  {
    categoryId: "cat-strips",
    types: ["Whitening Strips", "Sensitive Whitening Strips", "Express Strips", "Overnight Strips"],
    sizes: ["7-Day Kit", "14-Day Kit", "28-Day Kit"],
    image: "whitening-strips",
    price: [1499, 6999],
  },
  {
    categoryId: "cat-toothpaste",
    types: ["Whitening Toothpaste", "Enamel Toothpaste", "Charcoal Toothpaste", "Stain Toothpaste"],
    sizes: ["75 ml", "2 x 75 ml", "3 x 75 ml"],
    image: "whitening-toothpaste",
    price: [499, 2999],
  },
  {
    categoryId: "cat-pens",
    types: ["Whitening Pen", "Touch-Up Pen", "Gel Pen"],
    sizes: ["Single Pen", "Twin Pack", "Triple Pack"],
    image: "whitening-pen",
    price: [999, 4999],
  },
  {
    categoryId: "cat-bundles",
    types: ["Smile Bundle", "Starter Kit", "Travel Set", "Gift Box"],
    sizes: ["Standard", "Deluxe"],
    image: "complete-smile-bundle",
    price: [2999, 9999],
  },
  {
    categoryId: "cat-mouthwash",
    types: ["Whitening Mouthwash", "Alcohol-Free Rinse", "Fresh Breath Rinse"],
    sizes: ["250 ml", "500 ml"],
    image: "whitening-toothpaste",
    price: [399, 1999],
  },
  {
    categoryId: "cat-brushes",
    types: ["Soft Toothbrush", "Bamboo Toothbrush", "Sonic Brush Heads"],
    sizes: ["Single", "Pack of 2", "Pack of 4"],
    image: "whitening-pen",
    price: [299, 2499],
  },
  {
    categoryId: "cat-floss",
    types: ["Mint Floss", "Floss Picks", "Water Flosser Tips"],
    sizes: ["Single", "Pack of 3"],
    image: "complete-smile-bundle",
    price: [199, 1499],
  },
];

const ranges = ["Gleam", "Pure", "Bright", "Coastal", "Arctic", "Daily", "Gentle", "Studio"];
const flavours = ["Spearmint", "Peppermint", "Coconut", "Unflavoured", "Vanilla Mint", "Citrus"];
const openings = [
  "An enamel-safe formula that lifts coffee, tea and red-wine stains without the sting.",
  "Made for sensitive teeth: a gentle, dentist-recommended formula for a brighter smile.",
  "Everyday care that polishes away new stains and keeps your smile fresh.",
  "A quick routine for busy mornings, with visible results in days.",
];
const details = [
  "Use it once a day after brushing.",
  "Enamel-safe and dentist-recommended.",
  "Vegan and cruelty-free, in recyclable packaging.",
  "Fits in a wash bag for travel.",
  "Pairs with our whitening strips for the best results.",
];

/** How many scale products the database holds. */
async function scaleProductCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(sql`${products.id} like ${`${SCALE_PREFIX}%`}`);
  return row?.count ?? 0;
}

function priceIn(random: ReturnType<typeof generator>, [low, high]: [number, number]): number {
  // Whole pounds less a penny, as shops price.
  return Math.max(99, Math.round(random.int(low, high) / 100) * 100 - 1);
}

/** Adds scale products up to `count`; returns how many it added. */
export async function seedScaleCatalog(db: Database, count: number): Promise<number> {
  const existing = await scaleProductCount(db);
  if (existing >= count) return 0;
  await db
    .insert(categories)
    .values([...seedCategories, ...extraCategories])
    .onConflictDoNothing();
  const start = Date.UTC(2024, 0, 1);
  for (let from = existing + 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const productRows: (typeof products.$inferInsert)[] = [];
    const variantRows: (typeof productVariants.$inferInsert)[] = [];
    const stock: Array<{ variantId: string; quantity: number }> = [];
    for (let n = from; n <= to; n++) {
      // One generator per product: product n is the same whatever batch it falls in.
      const random = generator(20261124 + n);
      const line = random.pick(lines);
      const type = random.pick(line.types);
      const range = random.pick(ranges);
      const flavour = random.pick(flavours);
      const id = `${SCALE_PREFIX}${String(n).padStart(5, "0")}`;
      const name = `${range} ${type}, ${flavour}`;
      const createdAt = new Date(start + n * 3 * 60_000 + random.int(0, 120) * 1000);
      const product: typeof products.$inferInsert = {
        id,
        slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${n}`,
        name,
        descriptionHtml: `<p>${random.pick(openings)} ${random.pick(details)}</p><ul><li>${flavour} flavour</li><li>${random.pick(details)}</li></ul>`,
        imageUrl: `/images/products/${line.image}.svg`,
        imageAlt: `A ${range} ${type} pack on a mint background`,
        categoryId: line.categoryId,
        featuredRank: random.next() < 0.05 ? random.int(1, 50) : 0,
        createdAt,
        updatedAt: createdAt,
      };
      const base = priceIn(random, line.price);
      // The default (first) variant's price, which the database keeps on the product (migration
      // 0014): written with the product, its trigger finds nothing to change, where 0 made it
      // rewrite every product once, leaving the table twice its size.
      product.pricePence = base;
      productRows.push(product);
      const variantCount = random.int(1, line.sizes.length);
      for (let v = 0; v < variantCount; v++) {
        const variantId = `${id}-v${v + 1}`;
        const pricePence = v === 0 ? base : base * (v + 1) - 100 * v;
        const onSale = random.next() < 0.15;
        variantRows.push({
          id: variantId,
          productId: id,
          name: line.sizes[v] ?? `Size ${v + 1}`,
          pricePence,
          compareAtPricePence: onSale ? pricePence + 100 * random.int(2, 10) : null,
          createdAt: new Date(createdAt.getTime() + v * 1000),
          updatedAt: createdAt,
        });
        const quantity = random.next() < 0.1 ? 0 : random.int(1, 300);
        if (quantity > 0) stock.push({ variantId, quantity });
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(products).values(productRows).onConflictDoNothing();
      await tx.insert(productVariants).values(variantRows).onConflictDoNothing();
      await restockMany(tx, { lines: stock, actor: SEED, reason: "Starting stock" });
    });
  }
  // Vacuum too, not only analyze: the visibility map lets counts and pages read the indexes alone.
  await db.execute(sql`vacuum analyze products, product_variants`);
  return count - existing;
}
