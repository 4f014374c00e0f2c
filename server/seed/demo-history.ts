import { asc, eq, inArray, sql } from "drizzle-orm";
import { type PricingSettings, priceOrder } from "../../common/checkout/pricing";
import { users } from "../auth/schema";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { type OrderStatus, orderItems, orders } from "../orders/schema";
import { generator } from "./random";

// A past for the demo shop: orders from a handful of shoppers over the last weeks, in
// every status, so the admin's overview, charts and lists have something to show. Deterministic:
// the same arguments give the same orders (a seeded generator, ids numbered). Prices follow the
// shop's rules (common/checkout/pricing.ts), a shopper's first order has the first-order discount.
//
// The orders are history, imported as such: they took no stock from today's starting stock (its
// movements begin after them) and carry no audit rows. The shoppers are customers without a
// password: they cannot sign in. `npm run seed -- --orders N` loads a large set for benchmarks.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const BATCH = 500;

const FIRST_NAMES = ["Amelia", "Oliver", "Isla", "George", "Ava", "Noah", "Freya", "Arthur", "Mia"];
const LAST_NAMES = ["Patel", "Jones", "Evans", "Khan", "Wright", "Murphy", "Taylor", "Hughes"];
const TOWNS = [
  "Leeds LS1 4DY",
  "Bristol BS1 5TR",
  "Cardiff CF10 1EP",
  "York YO1 7HH",
  "Bath BA1 1LZ",
];

const DEMO_HISTORY_PREFIX = "demo-h-";

/** What became of an order placed `ageDays` ago (recent ones are still on their way). */
function fate(ageDays: number, roll: number): OrderStatus {
  if (roll < 0.04) return "cancelled"; // left unpaid
  if (roll < 0.07 && ageDays > 3) return "refunded";
  if (ageDays < 1) return "paid";
  if (ageDays < 2) return roll < 0.5 ? "paid" : "fulfilled";
  if (ageDays < 5) return roll < 0.6 ? "fulfilled" : "delivered";
  return "delivered";
}

export type DemoHistoryOptions = {
  orders: number;
  /** The orders spread over this many days before `now`. */
  days: number;
  shoppers: number;
  pricing: PricingSettings;
  now?: Date;
  seed?: number;
};

type Random = ReturnType<typeof generator>;
type DemoVariant = {
  variantId: string;
  productId: string;
  productName: string;
  variantName: string;
  pricePence: number;
};
type Shopper = { id: string; name: string; email: string; phone: string; address: string };

/** The demo's shoppers, each with a name, an email, a phone and an address of their own. */
function demoShoppers(random: Random, count: number): Shopper[] {
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] as string;
    const number = String(index + 1).padStart(4, "0");
    return {
      id: `${DEMO_HISTORY_PREFIX}shopper-${number}`,
      name: `${first} ${last}`,
      email: `shopper${number}@example.com`,
      phone: `07700 9${String(index % 100000).padStart(5, "0")}`,
      address: `${random.int(1, 180)} ${random.pick(["High Street", "Mill Lane", "Church Road", "Park Avenue"])}\n${random.pick(TOWNS)}`,
    };
  });
}

/** The shoppers' accounts, made where missing; the ids that have one. */
async function shopperAccounts(db: Database, shoppers: readonly Shopper[]): Promise<Set<string>> {
  for (let start = 0; start < shoppers.length; start += BATCH) {
    await db
      .insert(users)
      .values(
        shoppers.slice(start, start + BATCH).map((shopper) => ({
          id: shopper.id,
          name: shopper.name,
          email: shopper.email,
          emailVerified: true,
          role: "customer" as const,
        })),
      )
      .onConflictDoNothing();
  }
  const known = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.id,
        shoppers.map((shopper) => shopper.id),
      ),
    );
  return new Set(known.map((row) => row.id));
}

/** One past order placed at `at`, with its lines, as the shop would have recorded it. */
function demoOrder(
  random: Random,
  order: {
    index: number;
    at: number;
    now: number;
    shopper: Shopper;
    variants: readonly DemoVariant[];
    /** Shoppers with a paid order so far: only a first paid order has the discount. */
    hasPaid: Set<string>;
    hasAccount: boolean;
    pricing: PricingSettings;
  },
) {
  const { index, at, shopper } = order;
  const id = `${DEMO_HISTORY_PREFIX}${String(index + 1).padStart(6, "0")}`;
  const lineCount = random.int(1, 3);
  const lines = new Map<string, DemoVariant & { quantity: number }>();
  for (let line = 0; line < lineCount; line++) {
    const variant = random.pick(order.variants);
    const known = lines.get(variant.variantId);
    if (known) known.quantity += 1;
    else lines.set(variant.variantId, { ...variant, quantity: random.int(1, 2) });
  }
  const status = fate((order.now - at) / DAY, random.next());
  const wasPaid = status !== "cancelled";
  const firstOrder = wasPaid && !order.hasPaid.has(shopper.id);
  if (wasPaid) order.hasPaid.add(shopper.id);
  const pricing = priceOrder(
    [...lines.values()].map((line) => ({
      unitPricePence: line.pricePence,
      quantity: line.quantity,
    })),
    { ...order.pricing, firstOrder },
  );
  const createdAt = new Date(at);
  const paidAt = wasPaid ? new Date(at + 2 * 60_000) : null;
  const fulfilledAt = ["fulfilled", "delivered"].includes(status)
    ? new Date(at + random.int(18, 30) * HOUR)
    : null;
  const deliveredAt = status === "delivered" ? new Date(at + random.int(40, 90) * HOUR) : null;
  const row: typeof orders.$inferInsert = {
    id,
    userId: order.hasAccount ? shopper.id : null,
    status,
    ...pricing,
    firstOrderDiscount: firstOrder && pricing.discountPence > 0,
    refundedPence: status === "refunded" ? pricing.totalPence : 0,
    customerFullName: shopper.name,
    customerEmail: shopper.email,
    customerPhone: shopper.phone,
    shippingAddress: shopper.address,
    notes: random.next() < 0.1 ? "Please leave with a neighbour if I am out." : null,
    paymentProvider: "test",
    // The offline test provider's intents hold no money: refunding one is a no-op.
    providerIntentId: wasPaid ? `test_pi_${id}` : null,
    createdAt,
    updatedAt: deliveredAt ?? fulfilledAt ?? paidAt ?? createdAt,
    paidAt,
    fulfilledAt,
    deliveredAt,
    carrier: fulfilledAt ? "Royal Mail" : null,
    trackingNumber: fulfilledAt ? `RM${String(100000000 + index)}GB` : null,
    cancelledAt: status === "cancelled" ? new Date(at + 30 * 60_000) : null,
    refundedAt: status === "refunded" ? new Date(at + 4 * DAY) : null,
    paymentError: status === "cancelled" ? "Not paid in time." : null,
  };
  const items: (typeof orderItems.$inferInsert)[] = [...lines.values()].map((line) => ({
    orderId: id,
    productId: line.productId,
    variantId: line.variantId,
    productName: line.productName,
    variantName: line.variantName,
    unitPricePence: line.pricePence,
    quantity: line.quantity,
  }));
  return { row, items };
}

/** Loads the demo history unless it is there already; returns how many orders it added. */
export async function seedDemoHistory(db: Database, options: DemoHistoryOptions): Promise<number> {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.id, `${DEMO_HISTORY_PREFIX}000001`))
    .limit(1);
  if (existing) return 0;
  const variants: DemoVariant[] = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      variantName: productVariants.name,
      pricePence: productVariants.pricePence,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.active, true))
    .orderBy(asc(productVariants.id));
  if (variants.length === 0) return 0;

  const random = generator(options.seed ?? 20261123);
  const now = (options.now ?? new Date()).getTime();
  const shoppers = demoShoppers(random, options.shoppers);
  const present = await shopperAccounts(db, shoppers);

  // Oldest first, so each shopper's first order is the one with the discount.
  const placedAt = Array.from({ length: options.orders }, () => {
    // More orders lately: a shop that is growing.
    const age = options.days * (1 - Math.sqrt(random.next()));
    return now - age * DAY - random.int(0, 3600) * 1000;
  }).sort((a, b) => a - b);
  const hasPaid = new Set<string>();
  let orderRows: (typeof orders.$inferInsert)[] = [];
  let itemRows: (typeof orderItems.$inferInsert)[] = [];
  const flush = async () => {
    if (orderRows.length === 0) return;
    await db.insert(orders).values(orderRows);
    await db.insert(orderItems).values(itemRows);
    orderRows = [];
    itemRows = [];
  };
  for (const [index, at] of placedAt.entries()) {
    const shopper = random.pick(shoppers);
    const { row, items } = demoOrder(random, {
      index,
      at,
      now,
      shopper,
      variants,
      hasPaid,
      hasAccount: present.has(shopper.id),
      pricing: options.pricing,
    });
    orderRows.push(row);
    itemRows.push(...items);
    if (orderRows.length >= BATCH) await flush();
  }
  await flush();
  // Fresh statistics for the planner: PGlite runs no autovacuum, and without them a bulk load
  // leaves it guessing (a nested loop over thousands of rows instead of a hash join).
  await db.execute(sql`analyze orders, order_items, users`);
  return options.orders;
}
