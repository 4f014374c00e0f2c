import { systemActor } from "@server/audit/audit-log";
import { CLIENT_IP_HEADER, createAuth } from "@server/auth/auth";
import { users } from "@server/auth/schema";
import { getAuth } from "@server/auth/session";
import { type CatalogFilter, findProductSummaries } from "@server/catalog/catalog-service";
import { categories, products, productVariants } from "@server/catalog/schema";
import { startCheckout } from "@server/checkout/checkout-service";
import { recordPaymentSucceeded } from "@server/checkout/payment-service";
import type { Database } from "@server/db/database";
import type { CodeInput } from "@server/discounts/code-editor";
import type { EmailKind } from "@server/email/schema";
import type { OutgoingEmail } from "@server/email/transport";
import { env } from "@server/env";
import { shopChanged } from "@server/events/shop-changed";
import { orders } from "@server/orders/schema";
import type { PaymentProvider } from "@server/payments/provider";
import type { Brand } from "@server/settings/shop-settings";
import { restock } from "@server/stock/stock-service";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { type CheckoutRequest, checkoutRequestSchema } from "../common/checkout/checkout-input";

let sequence = 0;

/** What the shop's emails show of it, in tests. */
export const testBrand: Brand = {
  shopName: "Gleam",
  baseUrl: "http://shop.test",
  supportEmail: "hello@gleam-smile.co.uk",
  // The demo shop's own details (its settings' defaults), as emailBrand reads them: the seller a
  // VAT invoice names comes from the brand the payment was recorded with.
  company: {
    legalName: "Gleam Smile Ltd",
    companyNumber: "01234567",
    registeredOffice: "Unit 4, 12 Example Road, London, EC1A 1BB",
    vatNumber: "GB999999973",
  },
};

/** A customer's checkout details, in tests. */
export const testCheckoutDetails = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 7700 900123",
  shippingAddress: "1 Analytical Row, London N1 1AA",
};

/** A checkout of these lines with the test details (`details` overrides some of them). */
export function checkoutCart(
  items: Array<{ variantId: string; quantity: number }>,
  details: Partial<typeof testCheckoutDetails> & { notes?: string } = {},
): CheckoutRequest {
  return checkoutRequestSchema.parse({
    items,
    customerDetails: { ...testCheckoutDetails, ...details },
  });
}

/** The provider's word that an order's money arrived in full (as the test provider gives it). */
export async function payOrder(db: Database, orderId: string, eventId = `evt-${orderId}`) {
  const order = await orderRow(db, orderId);
  return recordPaymentSucceeded(
    db,
    {
      provider: "test",
      eventId,
      type: "payment_intent.succeeded",
      intentId: order.providerIntentId ?? "",
      // What the provider was asked for: the total less what a gift card paid.
      amountPence: order.totalPence - order.giftCardPence,
      currency: "gbp",
    },
    testBrand,
  );
}

/** The demo shop's pricing rules (the settings' defaults): £3.99 shipping, free over £50, 10% off. */
export const shopPricing = {
  shippingFlatRatePence: 399,
  freeShippingOverPence: 5000,
  firstOrderDiscountPercent: 10,
};

/** What a checkout runs with in tests: the demo's pricing, with its limits out of the way. */
export const testCheckoutSettings = {
  ...shopPricing,
  attemptsPerMinute: 1000,
  maxUnitsPerOrder: 30,
  pendingOrderMinutes: 30,
};

type VariantInput = {
  id?: string;
  name?: string;
  pricePence?: number;
  compareAtPricePence?: number | null;
  stockQuantity?: number;
  createdAt?: Date;
  sku?: string | null;
  barcode?: string | null;
  grams?: number | null;
};

export type ProductInput = {
  id?: string;
  name?: string;
  slug?: string;
  descriptionHtml?: string;
  imageUrl?: string;
  active?: boolean;
  createdAt?: Date;
  categoryId?: string | null;
  featuredRank?: number;
  variants?: VariantInput[];
};

/**
 * Inserts a category (slug from the name unless given) and says the shop changed, as the admin's
 * category editor does, so the category list is read afresh.
 */
export async function createCategory(
  db: Database,
  input: { id?: string; slug?: string; name: string; description?: string; position?: number },
) {
  const slug = input.slug ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const [category] = await db
    .insert(categories)
    .values({
      id: input.id ?? `cat-${slug}`,
      slug,
      name: input.name,
      description: input.description ?? `Everything in ${input.name}.`,
      position: input.position ?? 0,
    })
    .returning();
  if (!category) throw new Error("category insert returned nothing");
  shopChanged();
  return category;
}

/**
 * Inserts a product with its variants (one 'Default' variant unless told otherwise); their stock
 * arrives through the stock module, as the shop's own would.
 */
export async function createProduct(db: Database, input: ProductInput = {}) {
  sequence++;
  const id = input.id ?? `test-product-${sequence}`;
  const createdAt = input.createdAt ?? new Date(Date.UTC(2026, 0, 1, 0, 0, sequence));
  const [product] = await db
    .insert(products)
    .values({
      id,
      slug: input.slug ?? `${id}-slug`,
      name: input.name ?? `Test Product ${sequence}`,
      descriptionHtml: input.descriptionHtml ?? "<p>A product made for tests.</p>",
      imageUrl: input.imageUrl ?? "/images/products/whitening-strips.svg",
      imageAlt: "A test product",
      active: input.active ?? true,
      categoryId: input.categoryId ?? null,
      featuredRank: input.featuredRank ?? 0,
      createdAt,
    })
    .returning();
  const variants = (input.variants ?? [{}]).map((variant, index) => ({
    ...variant,
    id: variant.id ?? `${id}-v${index + 1}`,
  }));
  if (variants.length > 0) {
    await db.insert(productVariants).values(
      variants.map((variant, index) => ({
        id: variant.id,
        productId: id,
        name: variant.name ?? "Default",
        pricePence: variant.pricePence ?? 1000,
        compareAtPricePence: variant.compareAtPricePence ?? null,
        sku: variant.sku ?? null,
        barcode: variant.barcode ?? null,
        grams: variant.grams ?? null,
        createdAt: variant.createdAt ?? new Date(createdAt.getTime() + index * 1000),
      })),
    );
    for (const variant of variants) {
      const quantity = variant.stockQuantity ?? 10;
      if (quantity > 0) {
        await restock(db, {
          variantId: variant.id,
          quantity,
          actor: systemActor("test-factory"),
          reason: "Starting stock",
        });
      }
    }
  }
  if (!product) throw new Error("product insert returned nothing");
  return product;
}

/** better-auth on a test database, as the shop configures it; emails go to `sendEmail`. */
export function createTestAuth(
  db: Database,
  sendEmail: (kind: EmailKind, message: OutgoingEmail) => Promise<void> = async () => {},
) {
  return createAuth({
    db,
    baseUrl: "http://shop.test",
    trustedOrigins: ["http://shop.test"],
    secret: "integration-test-secret-of-32-characters!",
    appName: "shop",
    brand: async () => testBrand,
    sendEmail,
    attemptsPerMinute: 5,
  });
}

/** Signs in through the process-wide better-auth (as the routes see it); gives the session cookie. */
export async function sessionCookie(email: string, password: string): Promise<string> {
  const auth = await getAuth();
  const response = await auth.handler(
    new Request(`${env.BASE_URL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: env.BASE_URL,
        [CLIENT_IP_HEADER]: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A customer row without a password (for services that only need a user id). */
export async function createCustomer(db: Database, email = `customer-${++sequence}@example.com`) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, name: email, email, emailVerified: true });
  return id;
}

/** A variant's stock as the database holds it (exact, not banded). */
export async function stockOf(db: Database, variantId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.stock;
}

/** An order's row; fails the test when there is none. */
export async function orderRow(db: Database, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/** The store's cards as a list (newest first unless `filter` says otherwise; up to 100). */
export async function listedProducts(db: Database, filter: Partial<CatalogFilter> = {}) {
  const page = await findProductSummaries(db, { sort: "newest", limit: 100, offset: 0, ...filter });
  return page.products;
}

/** The search page's cards for `text`, best match first (up to 100). */
export function searchedProducts(db: Database, text: string) {
  return listedProducts(db, { search: text, sort: "relevance" });
}

/**
 * A new customer's paid order of 2 × a new £20.00 variant (10% off, £3.99 shipping: £39.99),
 * through the checkout and the provider's confirmation, and a second account to act as the admin.
 */
export async function paidOrderOfTwo(db: Database, provider: PaymentProvider) {
  const userId = await createCustomer(db);
  const adminId = await createCustomer(db, `admin-${userId}@example.com`);
  const variantId = `strips-${userId}`;
  await createProduct(db, { variants: [{ id: variantId, pricePence: 2000, stockQuantity: 10 }] });
  const { orderId } = await startCheckout(
    db,
    provider,
    { userId, request: checkoutCart([{ variantId, quantity: 2 }]) },
    testCheckoutSettings,
  );
  await payOrder(db, orderId);
  const order = await orderRow(db, orderId);
  return {
    orderId,
    userId,
    adminId,
    variantId,
    intentId: order.providerIntentId ?? "",
    totalPence: order.totalPence,
  };
}

/** A discount code as the admin's editor takes it: SAVE20, 20% off everything, no limits. */
export const testCodeInput: CodeInput = {
  code: "SAVE20",
  kind: "percent",
  amount: 20,
  minSpendPence: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  productSlugs: [],
  categoryIds: [],
  active: true,
};

/** The card payment's secret of a checkout that asked for one (a gift card paying it all asks none). */
export function intentSecret(secret: string | null): string {
  if (!secret) throw new Error("the checkout asked for no card payment");
  return secret;
}

/** The tables of the shop's versioned editors (server/audit/stale-save.ts), by their SQL name. */
type VersionedTable =
  | "products"
  | "categories"
  | "delivery_methods"
  | "discount_codes"
  | "blog_posts"
  | "newsletter_campaigns"
  | "gift_cards";

/**
 * A record's version now, as its editor would open it: for a test's save made from the record as
 * it is (every edit names the version it was made from: docs/decisions/051).
 */
export async function versionNow(db: Database, table: VersionedTable, id: string): Promise<number> {
  const result = await db.execute(
    sql`select version from ${sql.identifier(table)} where id = ${id}`,
  );
  const row = (result as unknown as { rows: { version: number }[] }).rows[0];
  if (!row) throw new Error(`no ${table} row ${id}`);
  return row.version;
}
