import { and, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AutomaticOffer } from "../../common/discounts/offers";
import { OFFERS_TAG, tagPage } from "../cache/cache-tags";
import { products } from "../catalog/schema";
import type { Database } from "../db/database";
import { readUntilShopChanges } from "../events/shop-changed";
import { discountCodes, discountRedemptions } from "./schema";

// The automatic offers on sale (docs/decisions/070): rows of discount_codes with no code. The
// storefront shows them through a short cache that every save of an offer empties
// (offer-editor.ts); the checkout reads them afresh, with the customer's own uses, in the
// transaction that makes the order and claims the offer's use (code-claims.ts).

type OfferRow = typeof discountCodes.$inferSelect;
/** A row with its gift's name (spend_get), as offers are read. */
type NamedRow = { row: OfferRow; giftProductName: string | null };

/** The row and its gift's name, in one statement. */
const namedRows = (db: Database) =>
  db
    .select({ row: discountCodes, giftProductName: products.name })
    .from(discountCodes)
    .leftJoin(
      products,
      and(eq(products.id, discountCodes.giftProductId), eq(products.active, true)),
    );

/** A row as the storefront is told it; null for a row that is no offer. */
function offerOf({ row, giftProductName }: NamedRow): AutomaticOffer | null {
  if (row.code !== null || row.title === null) return null;
  const common = {
    id: row.id,
    version: row.version,
    title: row.title,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
  if (row.kind === "buy_get" && row.buyQuantity && row.getQuantity && row.percentOff) {
    return {
      ...common,
      kind: "buy_get",
      buyQuantity: row.buyQuantity,
      getQuantity: row.getQuantity,
      percentOff: row.percentOff,
      productIds: row.productIds,
    };
  }
  if (row.kind === "spend_get" && row.spendOverPence !== null && row.giftProductId) {
    // A gift withdrawn from sale cannot be added to a cart: the offer shows nowhere.
    if (giftProductName === null) return null;
    return {
      ...common,
      kind: "spend_get",
      spendOverPence: row.spendOverPence,
      giftProductId: row.giftProductId,
      giftProductName,
    };
  }
  return null;
}

/** Offers not paused, not ended by `endsAt` and not used up: whether started, each caller says. */
function notPausedEndedOrUsedUp(endsAfter: Date | SQL): SQL | undefined {
  return and(
    isNull(discountCodes.code),
    eq(discountCodes.active, true),
    or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, endsAfter)),
    sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
  );
}

/** Offers not paused, started, not ended and not used up at `now`. */
function onSaleAt(now: Date): SQL | undefined {
  return and(
    notPausedEndedOrUsedUp(now),
    or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, now)),
  );
}

const live = (row: OfferRow, now: Date) =>
  (row.startsAt === null || row.startsAt <= now) && (row.endsAt === null || row.endsAt > now);

/** How long another instance may show an offer as it was before a save, or a use used up. */
const OFFERS_TTL_MS = 5_000;

/**
 * Every offer that may be on sale, read at most once per OFFERS_TTL_MS: those starting later are
 * kept too, and each read picks the ones live at its moment.
 */
const keptOffers = readUntilShopChanges(
  OFFERS_TTL_MS,
  async (db: Database) =>
    // Awaited here: a query kept unawaited would run again for every reader.
    await namedRows(db).where(notPausedEndedOrUsedUp(sql`now()`)),
);

/** The offers on sale at `now`, as the product page and the cart show them. */
export async function offersOnSale(db: Database, now = new Date()): Promise<AutomaticOffer[]> {
  tagPage(OFFERS_TAG);
  return (await keptOffers(db)).flatMap((named) => {
    const offer = live(named.row, now) ? offerOf(named) : null;
    return offer ? [offer] : [];
  });
}

/**
 * The offers this customer may have at `now`, read afresh: on sale, and not used by them as often
 * as each allows (their uses held by orders open or paid).
 */
export async function offersForCustomer(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<AutomaticOffer[]> {
  const heldByCustomer = db
    .select({ count: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, discountCodes.id),
        eq(discountRedemptions.userId, userId),
        isNull(discountRedemptions.releasedAt),
      ),
    );
  const rows = await namedRows(db).where(
    and(
      onSaleAt(now),
      sql`(${discountCodes.perCustomerLimit} is null or (${heldByCustomer}) < ${discountCodes.perCustomerLimit})`,
    ),
  );
  return rows.flatMap((row) => {
    const offer = offerOf(row);
    return offer ? [offer] : [];
  });
}
