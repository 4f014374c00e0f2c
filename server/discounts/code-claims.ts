import { and, eq, isNull, sql } from "drizzle-orm";
import { CODE_MESSAGES } from "../../common/discounts/discounts";
import { OFFER_MESSAGES } from "../../common/discounts/offers";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { discountCodes, discountRedemptions } from "./schema";

// A discount code's uses (docs/decisions/043): claimed by an order in the transaction that makes
// it, given back when the order is cancelled (by the customer's next checkout, the unpaid
// time-out or the admin). `used_count` moves with the claims in the same transactions, so it is
// always the uses held by orders open or paid.

/**
 * Claims one use of a code for an order: one conditional update, so of two checkouts racing for
 * the last use, the second waits for the first and then finds none left. False when none is left
 * or the code was paused meanwhile.
 */
async function claimCodeUse(
  tx: Database,
  claim: { codeId: string; orderId: string; userId: string },
): Promise<boolean> {
  const [claimed] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, claim.codeId),
        eq(discountCodes.active, true),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!claimed) return false;
  await tx.insert(discountRedemptions).values(claim);
  return true;
}

/**
 * Claims the use of the code or the automatic offer (docs/decisions/070) an order was priced with,
 * if any; refused when none is left (another checkout took the last) or it was paused meanwhile,
 * and the transaction making the order is undone.
 */
export async function claimDiscountUse(
  tx: Database,
  claim: { orderId: string; userId: string; codeId: string | null; offerId: string | null },
): Promise<void> {
  const { orderId, userId } = claim;
  if (claim.codeId && !(await claimCodeUse(tx, { codeId: claim.codeId, orderId, userId }))) {
    throw new DomainError("CONFLICT", CODE_MESSAGES.usedUp, "discountCode");
  }
  if (claim.offerId && !(await claimCodeUse(tx, { codeId: claim.offerId, orderId, userId }))) {
    throw new DomainError("CONFLICT", OFFER_MESSAGES.usedUp);
  }
}

/** Gives back the use an order held, if it held one and still does. */
export async function releaseCodeUse(tx: Database, orderId: string, now = new Date()) {
  const [released] = await tx
    .update(discountRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)))
    .returning({ codeId: discountRedemptions.codeId });
  if (!released) return;
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
    .where(eq(discountCodes.id, released.codeId));
}

/** Whether an order still holds its code's use (checked again when its money arrives). */
export async function holdsCodeUse(tx: Database, orderId: string): Promise<boolean> {
  const [held] = await tx
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)))
    .limit(1);
  return held !== undefined;
}

/** The uses of a code one customer holds (orders open or paid). */
export async function usesHeldBy(tx: Database, codeId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        eq(discountRedemptions.userId, userId),
        isNull(discountRedemptions.releasedAt),
      ),
    );
  return row?.count ?? 0;
}
