import { eq } from "drizzle-orm";
import {
  CODE_MESSAGES,
  type CodeOffer,
  minimumSpendMessage,
  normaliseCode,
} from "../../common/discounts/discounts";
import { formatPenceInText } from "../../common/money";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { countAttempt } from "../rate-limit/attempt-counter";
import { usesHeldBy } from "./code-claims";
import { discountCodes } from "./schema";

// Whether a code applies to a cart (docs/decisions/043), with the reason in the shopper's words
// when it does not. The checkout asks it before the order is made (the summary's preview) and
// again inside the transaction that makes the order and claims the use.

/** A cart line as the code sees it: what it costs and what it is. */
export type CodeCartLine = {
  productId: string;
  categoryId: string | null;
  unitPricePence: number;
  quantity: number;
};

/** A code that applies, with the version of its terms the order is priced with. */
export type CheckedCode = { id: string; code: string; version: number; offer: CodeOffer };

const refuse = (message: string) => new DomainError("BAD_REQUEST", message, "discountCode");

/**
 * The code's offer for this customer's cart at `now`, or a DomainError saying why not: unknown
 * (also paused or not started), ended, used up, used by this customer as often as allowed, below its
 * minimum spend, or for none of the cart's products.
 */
export async function checkCode(
  db: Database,
  /** `userId` null: a guest's cart, checked for everything but the per-customer limit. */
  input: { code: string; userId: string | null; lines: readonly CodeCartLine[] },
  now = new Date(),
): Promise<CheckedCode> {
  const code = await codeOnOffer(db, input.code, now);
  if (
    code.perCustomerLimit !== null &&
    input.userId !== null &&
    (await usesHeldBy(db, code.id, input.userId)) >= code.perCustomerLimit
  ) {
    throw refuse(CODE_MESSAGES.usedByYou);
  }
  const scoped = code.productIds.length > 0 || code.categoryIds.length > 0;
  let subtotalPence = 0;
  let eligiblePence = 0;
  for (const line of input.lines) {
    const value = line.unitPricePence * line.quantity;
    subtotalPence += value;
    const inScope =
      !scoped ||
      code.productIds.includes(line.productId) ||
      (line.categoryId !== null && code.categoryIds.includes(line.categoryId));
    if (inScope) eligiblePence += value;
  }
  if (eligiblePence === 0) throw refuse(CODE_MESSAGES.notApplicable);
  if (code.minSpendPence !== null && subtotalPence < code.minSpendPence) {
    throw refuse(minimumSpendMessage(formatPenceInText(code.minSpendPence)));
  }
  const offer = offerOf(code, eligiblePence);
  return { id: code.id, code: code.code, version: code.version, offer };
}

type CodeRow = typeof discountCodes.$inferSelect;

/**
 * The code as saved, if it is on offer at `now` whatever the cart: known, not paused, started, not
 * ended and not used up; otherwise a DomainError saying why.
 */
export async function codeOnOffer(
  db: Database,
  text: string,
  now: Date,
): Promise<CodeRow & { code: string }> {
  const [code] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normaliseCode(text)))
    .limit(1);
  // A code not started yet answers as a paused or an unknown one: a planned sale is not given
  // away early by a shopper guessing its name.
  if (!code?.active || code.code === null || (code.startsAt && code.startsAt > now)) {
    throw refuse(CODE_MESSAGES.unknown);
  }
  if (code.endsAt && code.endsAt <= now) throw refuse(CODE_MESSAGES.expired);
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) {
    throw refuse(CODE_MESSAGES.usedUp);
  }
  return { ...code, code: code.code };
}

/** What the code takes off, `eligiblePence` being the value of the items it applies to. */
export function offerOf(code: CodeRow, eligiblePence: number): CodeOffer {
  return code.kind === "percent"
    ? { kind: "percent", percentOff: code.percentOff ?? 0, eligiblePence }
    : code.kind === "fixed"
      ? { kind: "fixed", amountOffPence: code.amountOffPence ?? 0, eligiblePence }
      : { kind: "free_delivery" };
}

/** Codes one account, and one address, may try in ten minutes: enough for typos, not guessing. */
const ATTEMPT_WINDOW_MS = 10 * 60_000;
const ATTEMPTS_PER_ACCOUNT = 10;
const ATTEMPTS_PER_ADDRESS = 30;

/**
 * Counts a code tried by this account (none for a guest's cart) from this address; refuses past
 * either limit.
 */
export async function countCodeAttempt(
  db: Database,
  userId: string | null,
  clientAddress: string | null,
  now = Date.now(),
): Promise<void> {
  const byAccount = userId
    ? await countAttempt(db, `discount-code:user:${userId}`, ATTEMPT_WINDOW_MS, now)
    : 0;
  const byAddress = clientAddress
    ? await countAttempt(db, `discount-code:address:${clientAddress}`, ATTEMPT_WINDOW_MS, now)
    : 0;
  if (byAccount > ATTEMPTS_PER_ACCOUNT || byAddress > ATTEMPTS_PER_ADDRESS) {
    throw new DomainError("RATE_LIMITED", CODE_MESSAGES.tooManyAttempts, "discountCode");
  }
}

/**
 * Whether a code is still on offer at `now` on the terms an order was priced with: not paused,
 * started, not ended, and not saved by the admin since (`version`; null on orders from before
 * codes had versions, which are checked for the rest).
 */
export async function codeStillOffered(
  db: Database,
  priced: { id: string; version: number | null },
  now = new Date(),
) {
  const [code] = await db
    .select({
      active: discountCodes.active,
      startsAt: discountCodes.startsAt,
      endsAt: discountCodes.endsAt,
      version: discountCodes.version,
    })
    .from(discountCodes)
    .where(eq(discountCodes.id, priced.id));
  return (
    code?.active === true &&
    (code.startsAt === null || code.startsAt <= now) &&
    (code.endsAt === null || code.endsAt > now) &&
    (priced.version === null || code.version === priced.version)
  );
}
