import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  type SQL,
  sql,
} from "drizzle-orm";
import type {
  AdminProductRow,
  AnalyticsFigures,
  AnalyticsRange,
  LowStockVariant,
  OverviewFigures,
} from "../../common/admin/admin-figures";
import { SHOP_TIME_ZONE, shopCalendarDay } from "../../common/dates";
import { adminProductSearch } from "../catalog/bulk-products";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { orderItems, orders } from "../orders/schema";
import { listOrders, listRefundDueOrders } from "./admin-orders";
import { figures } from "./figures-cache";

// The admin's figures (behind the admin's guard), each one SQL aggregate: nothing here reads rows
// to add them up in JavaScript. An order counts from the moment it was paid (paid_at); what was
// refunded comes off the revenue. Days are the shop's days (Europe/London).

/** The overview shows the newest orders and products, a few of each. */
const OVERVIEW_RECENT = 5;

/** Everything the admin's overview shows (kept between changes where possible: figures-cache.ts). */
export function adminOverview(db: Database) {
  return figures(db, "admin-overview", async () => {
    const [figures, refundDue, recent, products] = await Promise.all([
      overviewFigures(db),
      listRefundDueOrders(db),
      listOrders(db, {}, OVERVIEW_RECENT),
      listAdminProducts(db, { limit: OVERVIEW_RECENT }),
    ]);
    return { figures, refundDue, recentOrders: recent.orders, products: products.products };
  });
}

/** The analytics of a range up to today, as the pages ask for them (kept like the overview). */
export function currentAnalytics(db: Database, range: AnalyticsRange): Promise<AnalyticsFigures> {
  const now = new Date();
  // A new day is a new range: the key names the shop's today.
  return figures(db, `analytics-${range}-${shopCalendarDay(now)}`, () =>
    analyticsFigures(db, range, now),
  );
}

/** A variant at or below this many units is listed as low on the overview. */
const LOW_STOCK_UNITS = 10;

const paid = isNotNull(orders.paidAt);

export async function overviewFigures(db: Database): Promise<OverviewFigures> {
  const [[totals], lowStock] = await Promise.all([
    db
      .select({
        revenuePence: sql<number>`coalesce(sum(${orders.totalPence} - ${orders.refundedPence}), 0)::int`,
        orderCount: count(),
        averageOrderPence: sql<number>`coalesce(round(avg(${orders.totalPence})), 0)::int`,
        toFulfil: sql<number>`(count(*) filter (where ${orders.status} = 'paid'))::int`,
      })
      .from(orders)
      .where(paid),
    lowStockVariants(db),
  ]);
  return {
    revenuePence: totals?.revenuePence ?? 0,
    orderCount: totals?.orderCount ?? 0,
    averageOrderPence: totals?.averageOrderPence ?? 0,
    toFulfil: totals?.toFulfil ?? 0,
    lowStock,
  };
}

/** Variants of products on sale at or below the low-stock line, fewest first. */
function lowStockVariants(db: Database, limit = 20): Promise<LowStockVariant[]> {
  return db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      variantName: productVariants.name,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.active, true), lte(productVariants.stockQuantity, LOW_STOCK_UNITS)))
    .orderBy(asc(productVariants.stockQuantity), asc(products.name), asc(productVariants.name))
    .limit(limit);
}

/** The admin's product list: a page of it and how many products match. */
export type AdminProductPage = { products: AdminProductRow[]; total: number };

/**
 * Products newest first (docs/product.md#calls), archived ones too, with their default price and their
 * stock across variants; `search` keeps those whose name holds it. One page is read (then only its
 * products' variants are summed), so the list costs the same with 10,000 products as with 10.
 */
export async function listAdminProducts(
  db: Database,
  { limit, offset = 0, search = "" }: { limit: number; offset?: number; search?: string },
): Promise<AdminProductPage> {
  const where = adminProductSearch(search);
  const [page, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        active: products.active,
        draft: sql<boolean>`${products.publishedAt} is null`,
        pricePence: products.pricePence,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const ids = page.map((row) => row.id);
  const sums =
    ids.length === 0
      ? []
      : await db
          .select({
            productId: productVariants.productId,
            variants: count(),
            stockQuantity: sql<number>`coalesce(sum(${productVariants.stockQuantity}), 0)::int`,
          })
          .from(productVariants)
          .where(inArray(productVariants.productId, ids))
          .groupBy(productVariants.productId);
  const byProduct = new Map(sums.map((row) => [row.productId, row]));
  return {
    products: page.map((row) => {
      const sum = byProduct.get(row.id);
      return {
        ...row,
        pricePence: sum ? row.pricePence : null,
        variants: sum?.variants ?? 0,
        stockQuantity: sum?.stockQuantity ?? 0,
      };
    }),
    total: counted?.total ?? 0,
  };
}

/** The first instant of the shop day `days - 1` days before today: a range of `days` days. */
const rangeStart = (days: number, now: Date) =>
  sql`(((${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date - ${days - 1}::int)::timestamp at time zone ${SHOP_TIME_ZONE})`;

const shopDay = (column: typeof orders.paidAt) =>
  sql`(${column} at time zone ${SHOP_TIME_ZONE})::date`;

export async function analyticsFigures(
  db: Database,
  range: AnalyticsRange,
  now: Date = new Date(),
): Promise<AnalyticsFigures> {
  const start = rangeStart(range, now);
  const paidInRange = and(paid, gte(orders.paidAt, start));
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date`;

  const perDay = db
    .select({
      day: sql`${shopDay(orders.paidAt)}`.as("paid_day"),
      revenuePence: sql<number>`sum(${orders.totalPence} - ${orders.refundedPence})`.as(
        "revenue_pence",
      ),
      orders: sql<number>`count(*)`.as("orders"),
    })
    .from(orders)
    .where(paidInRange)
    .groupBy(sql`1`)
    .as("per_day");

  const firstPaid = db
    .select({
      userId: orders.userId,
      first: sql`min(${orders.paidAt})`.as("first_paid_at"),
    })
    .from(orders)
    .where(and(paid, isNotNull(orders.userId)))
    .groupBy(orders.userId)
    .as("first_paid");

  // The period of the same length just before, for each headline figure's comparison.
  const previousStart = rangeStart(range * 2, now);
  const paidBefore = and(paid, gte(orders.paidAt, previousStart), lt(orders.paidAt, start));
  const customersIn = (inRange: SQL | undefined, from: SQL) =>
    db
      .select({
        new: sql<number>`(count(distinct ${orders.userId}) filter (where ${firstPaid.first} >= ${from}))::int`,
        returning: sql<number>`(count(distinct ${orders.userId}) filter (where ${firstPaid.first} < ${from}))::int`,
      })
      .from(orders)
      .innerJoin(firstPaid, eq(firstPaid.userId, orders.userId))
      .where(inRange);

  const [days, byStatus, topProducts, [discount], [customers], [previous], [previousCustomers]] =
    await Promise.all([
      db
        .select({
          day: sql<string>`to_char(calendar.shop_day, 'YYYY-MM-DD')`,
          revenuePence: sql<number>`coalesce(${perDay.revenuePence}, 0)::int`,
          orders: sql<number>`coalesce(${perDay.orders}, 0)::int`,
        })
        .from(
          sql`generate_series(${today} - ${range - 1}::int, ${today}, interval '1 day') as calendar(shop_day)`,
        )
        .leftJoin(perDay, sql`${perDay.day} = calendar.shop_day::date`)
        .orderBy(sql`calendar.shop_day`),
      db
        .select({ status: orders.status, orders: count() })
        .from(orders)
        .where(gte(orders.createdAt, start))
        .groupBy(orders.status)
        .orderBy(desc(count()), asc(orders.status)),
      db
        .select({
          productId: orderItems.productId,
          productName: sql<string>`min(${orderItems.productName})`,
          units: sql<number>`sum(${orderItems.quantity})::int`,
          revenuePence: sql<number>`sum(${orderItems.quantity} * ${orderItems.unitPricePence})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(paidInRange)
        .groupBy(orderItems.productId)
        .orderBy(sql`3 desc`, sql`4 desc`, asc(orderItems.productId))
        .limit(5),
      db
        .select({
          orders: count(),
          pence: sql<number>`coalesce(sum(${orders.discountPence}), 0)::int`,
        })
        .from(orders)
        .where(and(paidInRange, eq(orders.firstOrderDiscount, true))),
      customersIn(paidInRange, start),
      db
        .select({
          revenuePence: sql<number>`coalesce(sum(${orders.totalPence} - ${orders.refundedPence}), 0)::int`,
          orders: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(paidBefore),
      customersIn(paidBefore, previousStart),
    ]);
  return {
    range,
    days,
    byStatus,
    topProducts,
    firstOrderDiscount: { orders: discount?.orders ?? 0, pence: discount?.pence ?? 0 },
    customers: { new: customers?.new ?? 0, returning: customers?.returning ?? 0 },
    previous: {
      revenuePence: previous?.revenuePence ?? 0,
      orders: previous?.orders ?? 0,
      customers: {
        new: previousCustomers?.new ?? 0,
        returning: previousCustomers?.returning ?? 0,
      },
    },
  };
}
