import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { STOCK_ALERT_MESSAGES } from "../../common/stock/stock-alerts";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { queueEmail } from "../email/outbox";
import { backInStockEmail } from "../email/stock-alert-templates";
import { DomainError } from "../errors";
import type { JobHandler } from "../jobs/job-queue";
import { countAttempt } from "../rate-limit/attempt-counter";
import { type Brand, emailBrand, getShopSettings } from "../settings/shop-settings";
import { stockAlerts } from "./schema";

// Back-in-stock alerts (docs/storefront.md#back-in-stock-alerts): a sold-out variant's page takes
// an address (a signed-in customer's own in one click); when units come back, the stock
// domain queues a `notify-stock-alerts` job in its transaction (server/stock/stock-returns.ts),
// which emails
// the oldest waiting addresses, each once, no more than the units back (and still there when it
// runs) times the owner's factor. The rest wait for the next units.

/** Alerts one address may ask for in ten minutes: a shopper's few, not a list of strangers'. */
const ASKS_PER_ADDRESS = 10;
const ASK_WINDOW_MS = 10 * 60_000;
/**
 * Alerts an email address may be given in a day when no signed-in owner asked for it: whoever
 * types a stranger's address can bring them no more than this many emails
 * (docs/decisions/080-no-address-used-without-its-owner.md).
 */
const ALERTS_PER_EMAIL_A_DAY = 3;
const EMAIL_WINDOW_MS = 24 * 60 * 60_000;
/** The waiting alerts the admin's screen lists, oldest first. */
const WAITING_SHOWN = 500;

/**
 * Keeps `email` waiting for the variant to be back; asking again while waiting changes nothing.
 * Refused for a variant in stock (409), gone (404), past the asks allowed from one client, or,
 * for an address no signed-in owner gave (`userId` null), past its alerts for the day (429).
 */
export async function askForStockAlert(
  db: Database,
  input: { variantId: string; email: string; userId: string | null; clientAddress: string | null },
  now = Date.now(),
): Promise<{ email: string }> {
  if (input.clientAddress) {
    const asked = await countAttempt(
      db,
      `stock-alert:address:${input.clientAddress}`,
      ASK_WINDOW_MS,
      now,
    );
    if (asked > ASKS_PER_ADDRESS)
      throw new DomainError("RATE_LIMITED", STOCK_ALERT_MESSAGES.tooMany);
  }
  const [variant] = await db
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, input.variantId), eq(products.active, true)));
  if (!variant) throw new DomainError("NOT_FOUND", STOCK_ALERT_MESSAGES.gone);
  if (variant.stock > 0) throw new DomainError("CONFLICT", STOCK_ALERT_MESSAGES.inStock);
  const email = input.email.trim().toLowerCase();
  if (input.userId === null) {
    const given = await countAttempt(db, `stock-alert:email:${email}`, EMAIL_WINDOW_MS, now);
    if (given > ALERTS_PER_EMAIL_A_DAY) {
      throw new DomainError("RATE_LIMITED", STOCK_ALERT_MESSAGES.addressFull);
    }
  }
  await db
    .insert(stockAlerts)
    .values({ variantId: input.variantId, email, userId: input.userId })
    .onConflictDoNothing();
  return { email };
}

/**
 * The `notify-stock-alerts` job: emails the oldest waiting addresses for its units. The alerts
 * are claimed with their rows skipped when another job holds them, so two returns at once never
 * email one address twice; the emails and the claim are one transaction.
 */
export function notifyStockAlertsJob(
  db: Database,
  factor: () => Promise<number> = async () => (await getShopSettings(db)).backInStockFactor,
  brandOf: () => Promise<Brand> = () => emailBrand(db),
): JobHandler {
  return {
    maxAttempts: 10,
    async run(job, { now, done }) {
      const variantId = job.payload.variantId ?? "";
      const units = Number(job.payload.units ?? 0);
      const perUnit = await factor();
      const brand = await brandOf();
      await db.transaction(async (tx) => {
        const [variant] = await tx
          .select({
            stock: productVariants.stockQuantity,
            variantName: productVariants.name,
            productId: products.id,
            productName: products.name,
            active: products.active,
          })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(eq(productVariants.id, variantId));
        // Sold again, or taken off sale, before the job ran: they wait for the next units.
        const budget = variant?.active ? Math.min(units, variant.stock) * perUnit : 0;
        if (variant && budget > 0) {
          const next = tx
            .select({ id: stockAlerts.id })
            .from(stockAlerts)
            .where(and(eq(stockAlerts.variantId, variantId), isNull(stockAlerts.notifiedAt)))
            .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id))
            .limit(budget)
            .for("update", { skipLocked: true });
          const claimed = await tx
            .update(stockAlerts)
            .set({ notifiedAt: now })
            // Checked again on the row itself: a row another job claimed meanwhile is not taken.
            .where(and(inArray(stockAlerts.id, next), isNull(stockAlerts.notifiedAt)))
            .returning({ email: stockAlerts.email });
          for (const alert of claimed) {
            await queueEmail(tx, "back-in-stock", backInStockEmail(brand, alert.email, variant));
          }
        }
        await done(tx);
      });
      return undefined;
    },
  };
}

/** Each variant someone waits for, most waited for first, with who waits (oldest first). */
export async function waitingStockAlerts(db: Database, now = new Date()) {
  const rows = await db
    .select({
      variantId: stockAlerts.variantId,
      email: stockAlerts.email,
      since: stockAlerts.createdAt,
      productId: products.id,
      productName: products.name,
      variantName: productVariants.name,
      stock: productVariants.stockQuantity,
    })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(isNull(stockAlerts.notifiedAt))
    .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id))
    .limit(WAITING_SHOWN);
  const [notified] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .where(sql`${stockAlerts.notifiedAt} > ${new Date(now.getTime() - 30 * 86_400_000)}`);
  const byVariant = new Map<
    string,
    {
      variantId: string;
      productId: string;
      productName: string;
      variantName: string;
      stock: number;
      waiting: Array<{ email: string; since: Date }>;
    }
  >();
  for (const row of rows) {
    const variant = byVariant.get(row.variantId) ?? {
      variantId: row.variantId,
      productId: row.productId,
      productName: row.productName,
      variantName: row.variantName,
      stock: row.stock,
      waiting: [],
    };
    variant.waiting.push({ email: row.email, since: row.since });
    byVariant.set(row.variantId, variant);
  }
  return {
    variants: [...byVariant.values()].sort((a, b) => b.waiting.length - a.waiting.length),
    notifiedLast30Days: notified?.count ?? 0,
  };
}

/**
 * Forgets the alerts of an account being deleted: those it asked for signed in go with the
 * account's row; those asked for as a guest with its address go here, in the caller's transaction.
 */
export async function forgetStockAlerts(tx: Database, email: string): Promise<void> {
  await tx.delete(stockAlerts).where(eq(stockAlerts.email, email.trim().toLowerCase()));
}
