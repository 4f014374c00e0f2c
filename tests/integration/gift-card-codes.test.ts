import { formatGiftCardCode } from "@common/gift-cards/gift-cards";
import { adminActor } from "@server/audit/audit-log";
import { emailOutbox } from "@server/email/schema";
import {
  getGiftCard,
  issueGiftCard,
  issueGiftCardFormSchema,
  listGiftCards,
} from "@server/gift-cards/gift-card-admin";
import { giftCardCodeHash, hashStoredGiftCardCodes } from "@server/gift-cards/gift-card-codes";
import { sendGiftCardJob } from "@server/gift-cards/gift-card-delivery";
import { usableCard } from "@server/gift-cards/gift-card-payments";
import { giftCards } from "@server/gift-cards/schema";
import { runJobsRound } from "@server/jobs/job-queue";
import { logger } from "@server/logger";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testBrand } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Gift card codes kept as a keyed hash (docs/decisions/079-gift-card-codes-hashed.md): the shop
// stores no code it could give away, finds a card by what is typed, shows the whole code once
// (to the admin issuing it, in its email), and hashes the cards from before at its start.

const admin = adminActor("admin-of-codes");
const issue = (amount: string, recipientEmail?: string) =>
  issueGiftCardFormSchema.parse({ amount, ...(recipientEmail ? { recipientEmail } : {}) });

describe.each(testDrivers)("gift card codes on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const rowOf = async (id: string) =>
    (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0];

  it("keeps no card's code, finds the card by what is typed, and shows only its last four", async () => {
    const card = await issueGiftCard(db(), issue("25"), admin);
    const row = await rowOf(card.id);
    expect(row).toMatchObject({ code: null, codeSealed: null, lastFour: card.code.slice(-4) });
    expect(row?.codeHash).toBe(giftCardCodeHash(card.code));
    expect(JSON.stringify(row)).not.toContain(card.code.slice(0, 12));
    // Typed as the email prints it, or in small letters with spaces.
    expect((await usableCard(db(), formatGiftCardCode(card.code))).id).toBe(card.id);
    expect((await usableCard(db(), card.code.toLowerCase().replace(/(.{4})/g, "$1 "))).id).toBe(
      card.id,
    );
    // The admin's page and list show its last four; the whole code finds it in the list.
    const page = await getGiftCard(db(), card.id);
    expect(JSON.stringify(page)).not.toContain(card.code.slice(0, 12));
    expect(page?.card).not.toHaveProperty("codeHash");
    expect((await listGiftCards(db(), card.code)).cards.map((each) => each.id)).toEqual([card.id]);
    expect((await listGiftCards(db(), card.code.slice(-4))).cards[0]?.last4).toBe(
      card.code.slice(-4),
    );
  });

  it("keeps a card's code sealed for its email, and not once the email is written", async () => {
    const card = await issueGiftCard(db(), issue("30", "grace@example.com"), admin);
    expect((await rowOf(card.id))?.codeSealed).toEqual(expect.any(String));
    expect((await rowOf(card.id))?.codeSealed).not.toContain(card.code);
    await runJobsRound(
      db(),
      { "send-gift-card": sendGiftCardJob(db(), async () => testBrand) },
      logger,
      new Date(Date.now() + 1000),
    );
    const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "gift-card"));
    expect(email?.text).toContain(formatGiftCardCode(card.code));
    expect((await rowOf(card.id))?.codeSealed).toBeNull();
  });

  it("hashes the cards made before codes were hashed, sealing an unsent one's for its email", async () => {
    const given = "ABCDEFGHJKMNPQRS";
    const waiting = "QRSTUVWXYZ234567";
    const [old] = await db()
      .insert(giftCards)
      .values([
        { code: given, lastFour: "PQRS", initialPence: 2000, balancePence: 2000 },
        {
          code: waiting,
          lastFour: "4567",
          initialPence: 1000,
          balancePence: 1000,
          recipientEmail: "ada@example.com",
          sendOn: new Date(),
        },
      ])
      .returning({ id: giftCards.id });
    expect(await hashStoredGiftCardCodes(db())).toBe(2);
    expect(await rowOf(old?.id ?? "")).toMatchObject({ code: null, lastFour: "PQRS" });
    expect((await usableCard(db(), given)).id).toBe(old?.id);
    const [unsent] = await db().select().from(giftCards).where(eq(giftCards.lastFour, "4567"));
    expect(unsent?.code).toBeNull();
    expect(unsent?.codeSealed).toEqual(expect.any(String));
    // Run again (the next start): nothing is left to hash.
    expect(await hashStoredGiftCardCodes(db())).toBe(0);
  });
});
