import { eq } from "drizzle-orm";
import { type AccountInput, ensureAccount } from "../auth/accounts";
import type { Auth } from "../auth/auth";
import { users } from "../auth/schema";
import { rememberDelivery } from "../customers/address-book";
import type { Database } from "../db/database";
import { env } from "../env";
import type { Logger } from "../logger";
import { getShopSettings, pricingOf } from "../settings/shop-settings";
import { seedDemoBlog } from "./demo-blog";
import { seedDemoCodes } from "./demo-codes";
import { seedDemoHistory } from "./demo-history";
import { seedDemoOrders } from "./demo-orders";
import { seedDemoReviews } from "./demo-reviews";
import { seedDemoSubscribers } from "./demo-subscribers";
import { seedCatalogIfEmpty } from "./seed-catalog";

// Everything demo mode puts into a database (docs/architecture.md#data, docs/architecture.md#running-and-scaling), in one place, called once at start:
// the demo catalogue into an empty database, the two demo accounts (the customer with past
// orders) where they are missing, and the shop's past (demo-history.ts). Never in live mode.

/**
 * The demo shop's past: enough for the admin's overview and charts to mean something (DEMO_ORDERS
 * asks for more, for benchmarks: a year of them, a shopper per five orders).
 */
function demoHistory(orders: number) {
  return orders <= 240
    ? { orders, days: 60, shoppers: 90 }
    : { orders, days: 365, shoppers: Math.ceil(orders / 5) };
}

/** docs/architecture.md#data: the demo accounts, seeded in demo mode only: a customer and one of each staff role. */
export const demoAccounts: AccountInput[] = [
  {
    email: "customer@example.com",
    password: "customer-password-1",
    fullName: "Demo Customer",
    role: "customer",
  },
  {
    email: "admin@example.com",
    password: "admin-password-1",
    fullName: "Demo Admin",
    role: "admin",
    staffRole: "owner",
  },
  {
    email: "manager@example.com",
    password: "manager-password-1",
    fullName: "Demo Manager",
    role: "admin",
    staffRole: "manager",
  },
  {
    email: "packer@example.com",
    password: "packer-password-1",
    fullName: "Demo Packer",
    role: "admin",
    staffRole: "fulfilment",
  },
];

/** Creates the demo accounts that are missing; never touches one that exists. */
export async function seedDemoAccounts(auth: Auth, db: Database): Promise<number> {
  let created = 0;
  for (const account of demoAccounts) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email))
      .limit(1);
    if (existing) continue;
    const { userId } = await ensureAccount(auth, db, account);
    if (account.role === "customer") {
      await seedDemoOrders(db, { id: userId, email: account.email });
      // The address the demo orders went to, offered at checkout as a returning customer's is.
      await rememberDelivery(db, userId, {
        address: { line1: "1 Demo Street", line2: "", town: "London", postcode: "SW1A 1AA" },
        phone: "07700 900123",
      });
    }
    created++;
  }
  return created;
}

export async function seedDemoShop(db: Database, auth: Auth, logger: Logger): Promise<void> {
  const products = await seedCatalogIfEmpty(db);
  if (products > 0) logger.info({ products }, "seeded the demo catalogue into an empty database");
  const accounts = await seedDemoAccounts(auth, db);
  if (accounts > 0) logger.info({ accounts }, "seeded the demo accounts");
  const history = await seedDemoHistory(db, {
    ...demoHistory(env.DEMO_ORDERS),
    pricing: pricingOf(await getShopSettings()),
  });
  if (history > 0) logger.info({ orders: history }, "seeded the demo shop's past orders");
  const codes = await seedDemoCodes(db);
  if (codes > 0) logger.info({ codes }, "seeded the demo discount codes");
  const reviews = await seedDemoReviews(db);
  if (reviews > 0) logger.info({ reviews }, "seeded the demo shoppers' reviews");
  const subscribers = await seedDemoSubscribers(db);
  if (subscribers > 0) logger.info({ subscribers }, "seeded the demo newsletter's subscribers");
  const posts = await seedDemoBlog(db);
  if (posts > 0) logger.info({ posts }, "seeded the demo blog's posts");
}
