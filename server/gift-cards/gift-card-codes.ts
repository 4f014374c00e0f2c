import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import {
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  normaliseGiftCardCode,
} from "../../common/gift-cards/gift-cards";
import type { Database } from "../db/database";
import { env } from "../env";
import { giftCards } from "./schema";

// A gift card's code is money for whoever holds it, so the shop keeps only what it needs
// (docs/decisions/079-gift-card-codes-hashed.md): an HMAC of the code, keyed by a secret the
// database does not hold, to find the card by (one indexed lookup, whatever is typed), and its
// last four characters to show. The whole code is shown once: to the admin who issues the card,
// and in its email. A card whose email waits for its day keeps its code sealed (AES-256-GCM, the
// same secret) until the email is written, then not at all.

/** One key per use, derived from the one secret. */
const keyFor = (use: string) =>
  createHmac("sha256", env.giftCardCodeSecret).update(`gleam gift card codes: ${use}`).digest();

let keys: { hash: Buffer; seal: Buffer } | undefined;
const codeKeys = () => {
  keys ??= { hash: keyFor("lookup"), seal: keyFor("seal") };
  return keys;
};

/** What a card is found by: the HMAC of its code as stored (capitals, no dashes). */
export function giftCardCodeHash(typed: string): string {
  return createHmac("sha256", codeKeys().hash)
    .update(normaliseGiftCardCode(typed))
    .digest("base64url");
}

/** A fresh code: sixteen symbols of the card alphabet, drawn by the system's secure generator. */
export function newGiftCardCode(): string {
  let code = "";
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i += 1) {
    code += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  }
  return code;
}

/** A new card's code columns: what it is found by, what is shown, and, to email later, sealed. */
export function codeColumns(code: string, sealed: boolean) {
  return {
    codeHash: giftCardCodeHash(code),
    lastFour: code.slice(-4),
    codeSealed: sealed ? sealGiftCardCode(code) : null,
  };
}

function sealGiftCardCode(code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", codeKeys().seal, iv);
  const body = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The code a waiting card's email needs; throws if it was sealed with another secret. */
export function openGiftCardCode(sealed: string): string {
  const [iv = "", tag = "", body = ""] = sealed.split(".");
  const decipher = createDecipheriv("aes-256-gcm", codeKeys().seal, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}

/**
 * Cards from before codes were hashed (their plain `code` set): hashed, their last four kept and,
 * when their email has not gone yet, sealed for it; the plain code emptied. Run at each start,
 * before the shop serves: one read of the cards (a shop's few thousand), and none left to write
 * once they are done.
 */
export async function hashStoredGiftCardCodes(db: Database): Promise<number> {
  const plain = await db
    .select({
      id: giftCards.id,
      code: giftCards.code,
      recipientEmail: giftCards.recipientEmail,
      sentAt: giftCards.sentAt,
    })
    .from(giftCards)
    .where(isNotNull(giftCards.code));
  for (const card of plain) {
    if (!card.code) continue;
    const waiting = card.recipientEmail !== null && card.sentAt === null;
    await db
      .update(giftCards)
      .set({ ...codeColumns(card.code, waiting), code: null })
      .where(and(eq(giftCards.id, card.id), isNotNull(giftCards.code), isNull(giftCards.codeHash)));
  }
  return plain.length;
}
