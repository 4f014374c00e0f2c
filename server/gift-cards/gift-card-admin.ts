import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { readShopDay, shopDayStart } from "../../common/dates";
import {
  GIFT_CARD_MAX_PENCE,
  GIFT_CARD_MIN_PENCE,
  type GiftCardStatus,
  isGiftCardCode,
  normaliseGiftCardCode,
} from "../../common/gift-cards/gift-cards";
import { formatPence, parsePounds } from "../../common/money";
import { hasControlCharacters } from "../../common/text-rules";
import { type Actor, recordAudit } from "../audit/audit-log";
import { openedVersionField, VERSION_MISSING } from "../audit/stale-save";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { DomainError } from "../errors";
import { kickJob } from "../jobs/job-kick";
import { enqueueJob } from "../jobs/job-queue";
import { orders } from "../orders/schema";
import { codeColumns, giftCardCodeHash, newGiftCardCode } from "./gift-card-codes";
import { actorLabel } from "./gift-card-payments";
import { giftCardEntries, giftCards } from "./schema";

// The admin's gift cards (docs/admin.md, Gift cards): issued (to be emailed on a day, or handed
// over by the admin), adjusted with a reason, disabled and enabled again, each in one transaction
// with its ledger entry and audit row. Spending is the checkout's (gift-card-payments.ts).

const NOT_FOUND = "Gift card not found.";
const CHANGED = "This gift card changed since you opened it. Reload it to see the changes.";
const AWAITING_PAYMENT = "This gift card's order is not paid yet: it can be changed once it is.";
const AMOUNT = `Enter an amount from ${formatPence(GIFT_CARD_MIN_PENCE)} to ${formatPence(GIFT_CARD_MAX_PENCE)}, such as 25.00.`;

const optionalText = (max: number, label: string, multiline = false) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} is too long (at most ${max} characters).`)
    .refine(
      (text) => !hasControlCharacters(text, { multiline }),
      `The ${label} has characters that cannot be shown.`,
    )
    .optional()
    .transform((text) => text || null);

/** The issue form, as posted (dashboard.admin-gift-cards). */
export const issueGiftCardFormSchema = z
  .object({
    amount: z
      .string()
      .transform((text) => parsePounds(text) ?? -1)
      .pipe(z.number().int().min(GIFT_CARD_MIN_PENCE, AMOUNT).max(GIFT_CARD_MAX_PENCE, AMOUNT)),
    recipientEmail: z
      .string()
      .trim()
      .optional()
      .transform((text) => text?.toLowerCase() || null)
      .pipe(z.email("Enter the recipient's email address, or leave it empty.").max(254).nullable()),
    recipientName: optionalText(100, "recipient's name"),
    senderName: optionalText(100, "sender's name"),
    message: optionalText(500, "message", true),
    sendOn: z
      .string()
      .trim()
      .optional()
      .transform((text, context) => {
        if (!text) return null;
        const day = readShopDay(text);
        if (day === null) {
          context.addIssue({ code: "custom", message: "Enter the day as dd/mm/yyyy." });
          return z.NEVER;
        }
        return day;
      }),
  })
  .refine((input) => input.recipientEmail !== null || input.sendOn === null, {
    path: ["sendOn"],
    message: "A day to send it needs a recipient's email address.",
  });
export type IssueGiftCardInput = z.infer<typeof issueGiftCardFormSchema>;

/** The adjust form: a signed amount ("-5.00" takes off, "5.00" adds) and why. */
export const adjustGiftCardFormSchema = z.object({
  change: z
    .string()
    .trim()
    .transform((text) => {
      const negative = text.startsWith("-") || text.startsWith("−");
      const pence = parsePounds(text.replace(/^[-−+]\s*/, ""));
      return pence === null || pence === 0 ? 0 : negative ? -pence : pence;
    })
    .pipe(
      z
        .number()
        .int()
        .refine((pence) => pence !== 0, "Enter the change in pounds, such as 5.00 or -5.00."),
    ),
  reason: z
    .string()
    .trim()
    .min(3, "Say why the balance changes (at least 3 characters).")
    .max(300, "The reason is too long (at most 300 characters)."),
  version: openedVersionField,
});

/**
 * Issues a card: its row, its first ledger entry, its audit row and, with a recipient, its email's
 * job due on the day chosen (today: at once). The code is drawn again on the rare chance it is
 * taken.
 */
export async function issueGiftCard(
  db: Database,
  input: IssueGiftCardInput,
  actor: Actor,
  now = new Date(),
): Promise<{ id: string; code: string }> {
  const sendAt = input.sendOn ? shopDayStart(input.sendOn) : null;
  for (let attempt = 0; ; attempt += 1) {
    // Shown once, to the admin issuing it: the shop keeps its hash and last four.
    const code = newGiftCardCode();
    try {
      const issued = await db.transaction(async (tx) => {
        const [card] = await tx
          .insert(giftCards)
          .values({
            ...codeColumns(code, input.recipientEmail !== null),
            initialPence: input.amount,
            balancePence: input.amount,
            recipientEmail: input.recipientEmail,
            recipientName: input.recipientName,
            senderName: input.senderName,
            message: input.message,
            sendOn: input.recipientEmail ? (sendAt ?? now) : null,
            issuedBy: actorLabel(actor),
          })
          .returning();
        if (!card) throw new Error("the gift card insert returned nothing");
        await tx.insert(giftCardEntries).values({
          giftCardId: card.id,
          kind: "issued",
          amountPence: input.amount,
          balanceAfterPence: input.amount,
          actor: actorLabel(actor),
        });
        await recordAudit(tx, {
          actor,
          action: "gift_card.issued",
          entity: { type: "gift_card", id: card.id },
          before: null,
          after: {
            initialPence: input.amount,
            recipientEmail: input.recipientEmail,
            sendOn: input.sendOn,
            version: 1,
          },
        });
        if (card.recipientEmail) {
          await enqueueJob(tx, {
            kind: "send-gift-card",
            subjectId: card.id,
            runAt: sendAt && sendAt > now ? sendAt : now,
          });
        }
        return { id: card.id, code };
      });
      // Its email, when due now, goes at once rather than at the queue's next round.
      if (input.recipientEmail && !(sendAt && sendAt > now)) kickJob();
      return issued;
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error, "gift_cards_code_hash_idx")) continue;
      throw error;
    }
  }
}

/** The card locked for an admin's change, checked against the version their page showed. */
async function lockForChange(tx: Database, id: string, version: number | undefined) {
  const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for("update");
  if (!card) throw new DomainError("NOT_FOUND", NOT_FOUND);
  if (version === undefined) throw new DomainError("CONFLICT", VERSION_MISSING, "version");
  if (version !== card.version) throw new DomainError("CONFLICT", CHANGED);
  // A card bought with an order waits for its payment: nothing the admin does makes it money.
  if (card.status === "pending") throw new DomainError("CONFLICT", AWAITING_PAYMENT);
  return card;
}

/**
 * Adds to or takes from a card's balance, with the admin's reason in its ledger and the audit
 * log. A balance never goes below nothing: taking more than it holds is refused.
 */
export async function adjustGiftCard(
  db: Database,
  input: { id: string; changePence: number; reason: string; version?: number | undefined },
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const card = await lockForChange(tx, input.id, input.version);
    const balance = card.balancePence + input.changePence;
    if (balance < 0) {
      throw new DomainError(
        "BAD_REQUEST",
        `The card holds ${formatPence(card.balancePence)}: at most that can be taken off.`,
        "change",
      );
    }
    if (balance > GIFT_CARD_MAX_PENCE) {
      throw new DomainError(
        "BAD_REQUEST",
        `A card holds at most ${formatPence(GIFT_CARD_MAX_PENCE)}.`,
        "change",
      );
    }
    await tx
      .update(giftCards)
      .set({ balancePence: balance, version: card.version + 1 })
      .where(eq(giftCards.id, card.id));
    await tx.insert(giftCardEntries).values({
      giftCardId: card.id,
      kind: "adjusted",
      amountPence: input.changePence,
      balanceAfterPence: balance,
      reason: input.reason,
      actor: actorLabel(actor),
    });
    await recordAudit(tx, {
      actor,
      action: "gift_card.adjusted",
      entity: { type: "gift_card", id: card.id },
      before: { balancePence: card.balancePence, version: card.version },
      after: { balancePence: balance, version: card.version + 1 },
      reason: input.reason,
    });
  });
}

/** Disables a card (it pays for nothing until enabled again) or enables it; audited. */
export async function setGiftCardStatus(
  db: Database,
  input: { id: string; status: Exclude<GiftCardStatus, "pending">; version?: number | undefined },
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const card = await lockForChange(tx, input.id, input.version);
    if (card.status === input.status) return;
    await tx
      .update(giftCards)
      .set({ status: input.status, version: card.version + 1 })
      .where(eq(giftCards.id, card.id));
    await recordAudit(tx, {
      actor,
      action: input.status === "disabled" ? "gift_card.disabled" : "gift_card.enabled",
      entity: { type: "gift_card", id: card.id },
      before: { status: card.status, version: card.version },
      after: { status: input.status, version: card.version + 1 },
    });
  });
}

/** The newest cards (a search: the code's last four, whole code, or the recipient's address). */
export async function listGiftCards(db: Database, query = "", limit = 100) {
  const typed = query.trim();
  const code = normaliseGiftCardCode(typed);
  const search = typed
    ? or(
        isGiftCardCode(code)
          ? eq(giftCards.codeHash, giftCardCodeHash(code))
          : code.length >= 4
            ? eq(giftCards.lastFour, code.slice(-4))
            : undefined,
        ilike(giftCards.recipientEmail, `%${typed.replace(/[\\%_]/g, "\\$&")}%`),
      )
    : undefined;
  const rows = await db
    .select({
      id: giftCards.id,
      last4: giftCards.lastFour,
      initialPence: giftCards.initialPence,
      balancePence: giftCards.balancePence,
      status: giftCards.status,
      recipientEmail: giftCards.recipientEmail,
      sendOn: giftCards.sendOn,
      sentAt: giftCards.sentAt,
      createdAt: giftCards.createdAt,
    })
    .from(giftCards)
    .where(search)
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(limit);
  const [figures] = await db
    .select({
      count: sql<number>`count(*)::int`,
      outstandingPence: sql<number>`coalesce(sum(${giftCards.balancePence}) filter (where ${giftCards.status} = 'active'), 0)::int`,
    })
    .from(giftCards);
  return {
    cards: rows,
    count: figures?.count ?? 0,
    outstandingPence: figures?.outstandingPence ?? 0,
  };
}

/** One card with its ledger, newest first, each move with the order it was for. */
export async function getGiftCard(db: Database, id: string) {
  // Never the code's hash or its sealed copy: the page shows its last four.
  const [found] = await db.select().from(giftCards).where(eq(giftCards.id, id));
  if (!found) return null;
  const { code: _plain, codeHash: _hash, codeSealed: _sealed, ...card } = found;
  const entries = await db
    .select({
      id: giftCardEntries.id,
      kind: giftCardEntries.kind,
      amountPence: giftCardEntries.amountPence,
      balanceAfterPence: giftCardEntries.balanceAfterPence,
      reason: giftCardEntries.reason,
      actor: giftCardEntries.actor,
      createdAt: giftCardEntries.createdAt,
      orderId: giftCardEntries.orderId,
      orderNumber: orders.number,
    })
    .from(giftCardEntries)
    .leftJoin(orders, and(eq(orders.id, giftCardEntries.orderId)))
    .where(eq(giftCardEntries.giftCardId, id))
    .orderBy(desc(giftCardEntries.createdAt), desc(giftCardEntries.id));
  return { card, entries };
}
