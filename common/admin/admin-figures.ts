// The shop's figures as the admin's overview and analytics show them: computed by the database
// (server/admin/shop-figures.ts), shown by app/components/admin.

export const analyticsRanges = [7, 30, 90] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

export type LowStockVariant = {
  variantId: string;
  productId: string;
  productName: string;
  variantName: string;
  stockQuantity: number;
};

export type AdminProductRow = {
  id: string;
  name: string;
  active: boolean;
  /** Saved, never published: out of the shop until it is. */
  draft: boolean;
  variants: number;
  /** The default variant's price (the first variant by creation). */
  pricePence: number | null;
  stockQuantity: number;
  createdAt: Date;
};

export type OverviewFigures = {
  /** Paid orders' totals less what was refunded. */
  revenuePence: number;
  /** Orders paid for (whatever became of them since). */
  orderCount: number;
  /** Paid orders' totals over their number, rounded to the penny; 0 with no orders. */
  averageOrderPence: number;
  /** Paid and not yet sent. */
  toFulfil: number;
  lowStock: LowStockVariant[];
};

export type DayFigures = { day: string; revenuePence: number; orders: number };

export type AnalyticsFigures = {
  range: AnalyticsRange;
  /** One entry per shop day of the range, oldest first, days without orders at 0. */
  days: DayFigures[];
  byStatus: { status: string; orders: number }[];
  topProducts: { productId: string; productName: string; units: number; revenuePence: number }[];
  firstOrderDiscount: { orders: number; pence: number };
  customers: { new: number; returning: number };
  /** The same figures over the period of the same length just before the range. */
  previous: {
    revenuePence: number;
    orders: number;
    customers: { new: number; returning: number };
  };
};

/**
 * A figure beside the previous period's: "+12 % on the previous 30 days", "−5 % ...", "Same as
 * the previous 30 days", or "None in the previous 30 days" when there is nothing to compare with.
 */
export function changeOnPrevious(current: number, previous: number, days: number): string {
  const period = `the previous ${days} days`;
  if (previous === 0) return current === 0 ? `Same as ${period}` : `None in ${period}`;
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return `Same as ${period}`;
  return `${percent > 0 ? "+" : "−"}${Math.abs(percent)} % on ${period}`;
}

/** One product as the admin's editor shows it. */
export type AdminProductDetail = {
  product: {
    id: string;
    name: string;
    slug: string;
    descriptionHtml: string;
    imageUrl: string;
    imageAlt: string;
    active: boolean;
    /** Saved, never published: out of the shop until it is. */
    draft: boolean;
    categoryId: string | null;
    featuredRank: number;
    /** What search engines show, when written; else the name and description. */
    seoTitle: string | null;
    seoDescription: string | null;
    /** Up to three options (Shade, Pack...) whose values name the variants. */
    optionNames: string[];
    /** The pictures after the main one, in order. */
    images: { url: string; alt: string }[];
    /** Which save the editor opened: a save from an older one is refused. */
    version: number;
  };
  variants: {
    id: string;
    name: string;
    optionValues: string[];
    sku: string | null;
    barcode: string | null;
    grams: number | null;
    /** The product's picture that shows it; none: the main one. */
    imageUrl: string | null;
    pricePence: number;
    compareAtPricePence: number | null;
    stockQuantity: number;
  }[];
  movements: {
    id: string;
    variantName: string;
    kind: string;
    quantityChange: number;
    stockAfter: number;
    reason: string | null;
    orderId: string | null;
    createdAt: Date;
  }[];
};

/** Background work the job queue gave up on after its last attempt, for the admin to try again. */
export type ParkedJob = {
  id: string;
  kind: string;
  /** What the work was, in a sentence. */
  summary: string;
  attempts: number;
  lastError: string | null;
  parkedAt: string;
};
