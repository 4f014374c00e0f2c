import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { lineLabel } from "../../common/cart/cart-rules";
import { NO_PICTURE, shareableImageUrl } from "../../common/catalog/product-images";
import { type PricingSettings, priceOrder } from "../../common/checkout/pricing";
import { penceToDecimalString } from "../../common/money";
import { absoluteUrl } from "../../common/seo";
import { escapeXml } from "../../common/xml";
import { PRODUCTS_TAG, SETTINGS_TAG, tagPage } from "../cache/cache-tags";
import type { Database } from "../db/database";
import { getShopSettings, pricingOf } from "../settings/shop-settings";
import { productHtmlToText } from "./product-html";
import { products, productVariants } from "./schema";

// The Google Merchant Center feed (docs/admin.md#google-merchant-center): every variant on sale
// as one item of an RSS 2.0 channel in Google's `g:` namespace, so the shop's products can appear
// in Google Shopping. A product without a picture is left out: Google refuses an item without
// one. Prices, availability and the delivery price come from the same rules as the checkout.

/** Google's limit for an item's description. */
const DESCRIPTION_MAX = 5000;

export type FeedVariant = {
  id: string;
  productId: string;
  productName: string;
  descriptionHtml: string;
  imageUrl: string;
  /** The product's pictures after its main one. */
  moreImages: string[];
  /** The picture that shows this variant, when it has its own. */
  variantImage: string | null;
  variantName: string;
  pricePence: number;
  compareAtPricePence: number | null;
  stockQuantity: number;
  sku: string | null;
  /** Its GTIN, when it has one. */
  barcode: string | null;
  /** Shipping weight in grams, when given. */
  grams: number | null;
  /** How many variants its product has: an item group only when more than one. */
  siblings: number;
};

/** Every variant of every product on sale with a picture, newest product first. */
export async function merchantFeedVariants(db: Database): Promise<FeedVariant[]> {
  tagPage(PRODUCTS_TAG);
  const rows = await db
    .select({
      id: productVariants.id,
      productId: products.id,
      productName: products.name,
      descriptionHtml: products.descriptionHtml,
      imageUrl: products.imageUrl,
      moreImages: sql<
        string[]
      >`coalesce((select array_agg(pi.url order by pi.position) from product_images pi where pi.product_id = ${products.id}), '{}')`,
      variantImage: productVariants.imageUrl,
      variantName: productVariants.name,
      pricePence: productVariants.pricePence,
      compareAtPricePence: productVariants.compareAtPricePence,
      stockQuantity: productVariants.stockQuantity,
      sku: productVariants.sku,
      barcode: productVariants.barcode,
      grams: productVariants.grams,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.active, true), ne(products.imageUrl, NO_PICTURE)))
    .orderBy(desc(products.createdAt), asc(products.id), asc(productVariants.createdAt));
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.productId, (counts.get(row.productId) ?? 0) + 1);
  return rows.map((row) => ({ ...row, siblings: counts.get(row.productId) ?? 1 }));
}

const gbp = (pence: number) => `${penceToDecimalString(pence)} GBP`;

function element(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

/** One variant as a feed item. A price below its compare-at price is a sale price. */
function feedItem(
  site: { baseUrl: string; shopName: string },
  pricing: PricingSettings,
  variant: FeedVariant,
): string {
  const onSale =
    variant.compareAtPricePence !== null && variant.compareAtPricePence > variant.pricePence;
  // Delivery of this one item, as the checkout would price it with the standard delivery.
  const { shippingPence } = priceOrder([{ unitPricePence: variant.pricePence, quantity: 1 }], {
    ...pricing,
    firstOrder: false,
  });
  const description = productHtmlToText(variant.descriptionHtml).slice(0, DESCRIPTION_MAX);
  const fields = [
    element("g:id", variant.id),
    ...(variant.siblings > 1 ? [element("g:item_group_id", variant.productId)] : []),
    element("title", lineLabel({ name: variant.productName, variantName: variant.variantName })),
    element("description", description || variant.productName),
    element("link", absoluteUrl(site.baseUrl, `/product/${variant.productId}`)),
    element(
      "g:image_link",
      absoluteUrl(site.baseUrl, shareableImageUrl(variant.variantImage ?? variant.imageUrl)),
    ),
    // Google takes up to ten more.
    ...variant.moreImages
      .slice(0, 10)
      .map((url) =>
        element("g:additional_image_link", absoluteUrl(site.baseUrl, shareableImageUrl(url))),
      ),
    element("g:availability", variant.stockQuantity > 0 ? "in_stock" : "out_of_stock"),
    element("g:price", gbp(onSale ? (variant.compareAtPricePence ?? 0) : variant.pricePence)),
    ...(onSale ? [element("g:sale_price", gbp(variant.pricePence))] : []),
    element("g:brand", site.shopName),
    element("g:condition", "new"),
    // The shop is the brand: its SKU is the manufacturer's part number. Without either code,
    // Google is told the product has none rather than left to refuse the item.
    ...(variant.barcode ? [element("g:gtin", variant.barcode)] : []),
    ...(variant.sku ? [element("g:mpn", variant.sku)] : []),
    ...(variant.barcode || variant.sku ? [] : [element("g:identifier_exists", "no")]),
    ...(variant.grams === null ? [] : [element("g:shipping_weight", `${variant.grams} g`)]),
    `<g:shipping>${element("g:country", "GB")}${element("g:service", "Standard")}${element("g:price", gbp(shippingPence))}</g:shipping>`,
  ];
  return `<item>${fields.join("")}</item>`;
}

/** The whole feed: an RSS 2.0 channel of the shop with one item per variant. */
export function merchantFeedXml(
  site: { baseUrl: string; shopName: string },
  pricing: PricingSettings,
  variants: readonly FeedVariant[],
): string {
  const items = variants.map((variant) => feedItem(site, pricing, variant));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    element("title", site.shopName),
    element("link", absoluteUrl(site.baseUrl, "/")),
    element("description", `Products of ${site.shopName}`),
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The feed as `/feeds/google.xml` serves it: the shop's name and delivery price from its settings. */
export async function googleMerchantFeed(db: Database, baseUrl: string): Promise<string> {
  tagPage(SETTINGS_TAG);
  const [settings, variants] = await Promise.all([getShopSettings(db), merchantFeedVariants(db)]);
  return merchantFeedXml({ baseUrl, shopName: settings.shopName }, pricingOf(settings), variants);
}
