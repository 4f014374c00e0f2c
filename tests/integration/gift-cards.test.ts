import { GIFT_CARD_MESSAGES } from "@common/gift-cards/gift-cards";
import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { startCheckout } from "@server/checkout/checkout-service";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import {
  adjustGiftCard,
  getGiftCard,
  issueGiftCard,
  issueGiftCardFormSchema,
  listGiftCards,
  setGiftCardStatus,
} from "@server/gift-cards/gift-card-admin";
import { sendGiftCardJob } from "@server/gift-cards/gift-card-delivery";
import { giftCardEntries, giftCards } from "@server/gift-cards/schema";
import { runJobsRound } from "@server/jobs/job-queue";
import { logger } from "@server/logger";
import { cancelOrderAsAdmin, refundOrder } from "@server/orders/order-refunds";
import type { PaymentProvider } from "@server/payments/provider";
import { createTestProvider } from "@server/payments/test-provider";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../common/checkout/checkout-input";
import {
  createCustomer,
  createProduct,
  orderRow,
  payOrder,
  testBrand,
  testCheckoutDetails,
  testCheckoutSettings,
  versionNow,
} from "../factories";
import { expireDueOrders } from "../job-handlers";
import { invoicePageText } from "../pdf-text";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Gift cards (docs/decisions/066): issued by the admin, spent at checkout after every discount,
// never beyond their balance even by two orders at once, given back by a cancelled or refunded
// order (the provider's card first), and emailed on their day. Prices: a kit at £40.00, a paste
// at £15.00; returning customers (no first-order discount) unless said.

const admin = adminActor("admin-of-cards");

const cart = (items: Array<{ variantId: string; quantity: number }>, extra: object = {}) =>
  checkoutRequestSchema.parse({ items, customerDetails: testCheckoutDetails, ...extra });

const issueInput = (amount: string, extra: Record<string, string> = {}) =>
  issueGiftCardFormSchema.parse({ amount, ...extra });

/** A provider that remembers what it was asked to refund. */
function recordingProvider() {
  const provider = createTestProvider("integration-test-secret-of-32-characters!");
  const refunded: number[] = [];
  const recording: PaymentProvider = {
    ...provider,
    async refundIntent(intentId, key, amountPence) {
      refunded.push(amountPence ?? -1);
      return provider.refundIntent(intentId, key, amountPence);
    },
  };
  return { provider: recording, refunded };
}

describe.each(testDrivers)("gift cards on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const { provider, refunded } = recordingProvider();

  const checkout = (userId: string, request: ReturnType<typeof cart>, now?: Date) =>
    startCheckout(db(), provider, { userId, request }, testCheckoutSettings, now);

  async function shop() {
    await createProduct(db(), {
      id: "kit",
      slug: "kit",
      variants: [{ id: "kit-v", pricePence: 4000, stockQuantity: 100 }],
    });
    await createProduct(db(), {
      id: "paste",
      slug: "paste",
      variants: [{ id: "paste-v", pricePence: 1500, stockQuantity: 100 }],
    });
  }

  /** A customer who has paid once already: no first-order discount in the way. */
  async function returningCustomer() {
    const userId = await createCustomer(db());
    const first = await checkout(userId, cart([{ variantId: "paste-v", quantity: 1 }]));
    await payOrder(db(), first.orderId);
    return userId;
  }

  const cardRow = async (id: string) =>
    (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0];
  const ledger = async (id: string) =>
    db()
      .select({ kind: giftCardEntries.kind, amountPence: giftCardEntries.amountPence })
      .from(giftCardEntries)
      .where(eq(giftCardEntries.giftCardId, id))
      .orderBy(asc(giftCardEntries.createdAt));

  it("pays part of an order after the first-order discount, the card paying the rest", async () => {
    await shop();
    const card = await issueGiftCard(db(), issueInput("20.00"), admin);
    const userId = await createCustomer(db());
    // £40.00 kit, 10% off a first order: £36.00, shipping free only over £50: £39.99.
    const result = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 1 }], {
        giftCardCode: card.code.toLowerCase().replace(/(.{4})/g, "$1 "),
        expectedGiftCardPence: 2000,
      }),
    );
    expect(result.totalPence).toBe(3999);
    expect(result.chargePence).toBe(1999);
    expect(result.paid).toBe(false);
    const order = await orderRow(db(), result.orderId);
    expect(order).toMatchObject({ giftCardId: card.id, giftCardPence: 2000, discountPence: 400 });
    // VAT is on the goods, whatever pays for them.
    expect(order.vatPence).toBe(667);
    expect((await cardRow(card.id))?.balancePence).toBe(0);

    expect((await payOrder(db(), result.orderId)).outcome).toBe("applied");
    expect((await orderRow(db(), result.orderId)).status).toBe("paid");

    const page = await invoicePageText(db(), result.orderId);
    expect(page).toContain("Paid £20.00 by gift card and £19.99 by card.");
    expect(page).toContain("multi-purpose voucher");
  });

  it("pays a whole order with no card asked, and keeps what is left", async () => {
    await shop();
    const card = await issueGiftCard(db(), issueInput("100"), admin);
    const userId = await returningCustomer();
    const result = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 1 }], { giftCardCode: card.code }),
    );
    expect(result).toMatchObject({ paid: true, clientSecret: null, chargePence: 0 });
    const order = await orderRow(db(), result.orderId);
    expect(order).toMatchObject({ status: "paid", providerIntentId: null, giftCardPence: 4399 });
    expect((await cardRow(card.id))?.balancePence).toBe(10000 - 4399);
    const confirmations = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-confirmation"));
    expect(confirmations.length).toBeGreaterThanOrEqual(2);

    // Refunded in full: nothing for the provider, all back on the card.
    refunded.length = 0;
    const adminId = await createCustomer(db(), "admin-of-gift-refunds@example.com");
    await refundOrder(db(), () => provider, logger, {
      orderId: result.orderId,
      adminId,
      amountPence: 4399,
      restock: [],
      reason: "Changed their mind",
      expectedStatus: "paid",
    });
    expect(refunded).toEqual([]);
    expect((await orderRow(db(), result.orderId)).status).toBe("refunded");
    expect((await cardRow(card.id))?.balancePence).toBe(10000);
    expect(await ledger(card.id)).toEqual([
      { kind: "issued", amountPence: 10000 },
      { kind: "spent", amountPence: -4399 },
      { kind: "returned", amountPence: 4399 },
    ]);
  });

  it("refunds the provider's card first, then the gift card", async () => {
    await shop();
    const card = await issueGiftCard(db(), issueInput("30"), admin);
    const userId = await returningCustomer();
    // £40.00 + £3.99 shipping = £43.99: £30.00 by gift card, £13.99 by card.
    const result = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 1 }], { giftCardCode: card.code }),
    );
    await payOrder(db(), result.orderId);
    const adminId = await createCustomer(db(), "admin-of-split-refunds@example.com");
    refunded.length = 0;
    await refundOrder(db(), () => provider, logger, {
      orderId: result.orderId,
      adminId,
      amountPence: 2000,
      restock: [],
      reason: "Damaged",
      expectedStatus: "paid",
    });
    expect(refunded).toEqual([1399]);
    expect((await cardRow(card.id))?.balancePence).toBe(601);
    const [told] = await db()
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-refunded"));
    expect(told?.text).toContain(
      "We have refunded £13.99 to the card you paid with and £6.01 to your gift card",
    );
    // Cancelled: the rest goes back, all of it to the gift card.
    await cancelOrderAsAdmin(db(), () => provider, logger, {
      orderId: result.orderId,
      adminId,
      reason: "Out of stock",
      expectedStatus: "paid",
      refundPence: 2399,
    });
    expect(refunded).toEqual([1399]);
    expect((await cardRow(card.id))?.balancePence).toBe(3000);
    expect((await orderRow(db(), result.orderId)).status).toBe("cancelled");
  });

  it("gives the balance back when an unpaid order is replaced or expires", async () => {
    await shop();
    const card = await issueGiftCard(db(), issueInput("50"), admin);
    const userId = await returningCustomer();
    const now = new Date();
    const first = await checkout(
      userId,
      cart([{ variantId: "paste-v", quantity: 1 }], { giftCardCode: card.code }),
      now,
    );
    expect(first.chargePence).toBe(0);
    // A first order paid at once is not pending: a kit on another checkout spends from the rest.
    const second = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 2 }], { giftCardCode: card.code }),
      now,
    );
    expect(second.chargePence).toBe(8000 - (5000 - 1899));
    expect((await cardRow(card.id))?.balancePence).toBe(0);
    // Replaced by another cart: its spend comes back before the new one is taken.
    const third = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 1 }], { giftCardCode: card.code }),
      now,
    );
    expect((await orderRow(db(), second.orderId)).status).toBe("cancelled");
    expect((await cardRow(card.id))?.balancePence).toBe(0);
    expect(third.chargePence).toBe(4399 - 3101);
    // Left unpaid: it expires, and the card has it all back.
    expect(await expireDueOrders(db(), new Date(now.getTime() + 31 * 60_000))).toBe(1);
    expect((await cardRow(card.id))?.balancePence).toBe(3101);
  });

  it("lets two orders spending one card at once take no more than it holds", async () => {
    await shop();
    const card = await issueGiftCard(db(), issueInput("50"), admin);
    const [ada, bob] = await Promise.all([returningCustomer(), returningCustomer()]);
    // Each order is £43.99 and each was shown the card paying all of it.
    const attempts = await Promise.allSettled(
      [ada, bob].map((userId) =>
        checkout(
          userId,
          cart([{ variantId: "kit-v", quantity: 1 }], {
            giftCardCode: card.code,
            expectedGiftCardPence: 4399,
          }),
        ),
      ),
    );
    const made = attempts.filter((attempt) => attempt.status === "fulfilled");
    const refused = attempts.flatMap((attempt) =>
      attempt.status === "rejected" ? [attempt.reason] : [],
    );
    expect(made).toHaveLength(1);
    expect(refused).toEqual([
      new DomainError("CONFLICT", GIFT_CARD_MESSAGES.balanceChanged, "giftCardCode"),
    ]);
    expect((await cardRow(card.id))?.balancePence).toBe(5000 - 4399);
    // The refused checkout made nothing: one order pending or paid with the card.
    const spends = await db()
      .select()
      .from(giftCardEntries)
      .where(and(eq(giftCardEntries.giftCardId, card.id), eq(giftCardEntries.kind, "spent")));
    expect(spends).toHaveLength(1);
  });

  it("refuses an unknown, disabled or empty card, and a balance that moved", async () => {
    await shop();
    const userId = await returningCustomer();
    const card = await issueGiftCard(db(), issueInput("10"), admin);
    const attempt = (code: string, expected?: number) =>
      checkout(
        userId,
        cart([{ variantId: "paste-v", quantity: 1 }], {
          giftCardCode: code,
          ...(expected === undefined ? {} : { expectedGiftCardPence: expected }),
        }),
      );
    await expect(attempt("NOPE")).rejects.toThrow(GIFT_CARD_MESSAGES.unknown);
    await expect(attempt(`${card.code.slice(0, 15)}A`)).rejects.toThrow(GIFT_CARD_MESSAGES.unknown);
    await expect(attempt(card.code, 1500)).rejects.toThrow(GIFT_CARD_MESSAGES.balanceChanged);
    expect((await cardRow(card.id))?.balancePence).toBe(1000);

    await setGiftCardStatus(db(), { id: card.id, status: "disabled", version: 1 }, admin);
    await expect(attempt(card.code)).rejects.toThrow(GIFT_CARD_MESSAGES.disabled);
    await setGiftCardStatus(db(), { id: card.id, status: "active", version: 2 }, admin);
    // An adjustment names the version the admin's page showed; none is refused, not written.
    await expect(
      adjustGiftCard(db(), { id: card.id, changePence: -1000, reason: "Lost card" }, admin),
    ).rejects.toMatchObject({ code: "CONFLICT", field: "version" });
    await adjustGiftCard(
      db(),
      { id: card.id, changePence: -1000, reason: "Lost card", version: 3 },
      admin,
    );
    await expect(attempt(card.code)).rejects.toThrow(GIFT_CARD_MESSAGES.empty);
  });

  it("adjusts with a reason, never below nothing, and audits every change", async () => {
    const card = await issueGiftCard(db(), issueInput("25.50"), admin);
    await expect(
      adjustGiftCard(
        db(),
        { id: card.id, changePence: -2551, reason: "Too much", version: 1 },
        admin,
      ),
    ).rejects.toThrow("The card holds £25.50: at most that can be taken off.");
    await adjustGiftCard(
      db(),
      { id: card.id, changePence: 500, reason: "Sorry for the delay", version: 1 },
      admin,
    );
    // Made from the page before that change: refused.
    await expect(
      adjustGiftCard(db(), { id: card.id, changePence: 100, reason: "Again", version: 1 }, admin),
    ).rejects.toThrow("This gift card changed since you opened it.");
    await setGiftCardStatus(db(), { id: card.id, status: "disabled", version: 2 }, admin);
    const detail = await getGiftCard(db(), card.id);
    expect(detail?.card).toMatchObject({ balancePence: 3050, status: "disabled", version: 3 });
    expect(detail?.entries.map((entry) => [entry.kind, entry.amountPence, entry.reason])).toEqual([
      ["adjusted", 500, "Sorry for the delay"],
      ["issued", 2550, null],
    ]);
    const audit = await db()
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.entityId, card.id))
      .orderBy(asc(auditLog.createdAt));
    expect(audit).toEqual([
      { action: "gift_card.issued", reason: null },
      { action: "gift_card.adjusted", reason: "Sorry for the delay" },
      { action: "gift_card.disabled", reason: null },
    ]);
    const listed = await listGiftCards(db(), card.code.slice(-4));
    expect(listed.cards.map((row) => row.id)).toEqual([card.id]);
    expect(listed.cards[0]).not.toHaveProperty("code");
  });

  it("emails a card to its recipient on the day chosen, once", async () => {
    const now = new Date("2026-12-01T10:00:00Z");
    const input = issueInput("40", {
      recipientEmail: "Grace@Example.com",
      recipientName: "Grace",
      senderName: "Ada",
      message: "Happy birthday!\nLove, Ada",
      sendOn: "24/12/2026",
    });
    const card = await issueGiftCard(db(), input, admin, now);
    // Changed before its day: the subject names the gift, the body what it holds.
    await adjustGiftCard(
      db(),
      {
        id: card.id,
        changePence: -500,
        reason: "Part used",
        version: await versionNow(db(), "gift_cards", card.id),
      },
      admin,
    );
    const handlers = { "send-gift-card": sendGiftCardJob(db(), async () => testBrand) };
    const sent = async () =>
      db().select().from(emailOutbox).where(eq(emailOutbox.kind, "gift-card"));
    await runJobsRound(db(), handlers, logger, new Date("2026-12-23T23:00:00Z"));
    expect(await sent()).toHaveLength(0);
    await runJobsRound(db(), handlers, logger, new Date("2026-12-24T00:00:01Z"));
    const [email] = await sent();
    expect(email?.toAddress).toBe("grace@example.com");
    expect(email?.subject).toBe("Ada sent you a £40.00 Gleam gift card");
    expect(email?.text).toContain(card.code.replace(/(.{4})(?!$)/g, "$1-"));
    expect(email?.text).toContain("Happy birthday!\nLove, Ada");
    expect(email?.text).toContain("Your gift card holds £35.00.");
    await runJobsRound(db(), handlers, logger, new Date("2026-12-25T00:00:00Z"));
    expect(await sent()).toHaveLength(1);
    expect((await cardRow(card.id))?.sentAt).not.toBeNull();

    expect(() => issueInput("0.50")).toThrow("Enter an amount from £1.00 to £1,000.00");
    expect(() => issueInput("10", { sendOn: "24/12/2026" })).toThrow(
      "A day to send it needs a recipient's email address.",
    );
  });
});
