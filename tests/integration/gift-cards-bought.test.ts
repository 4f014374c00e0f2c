import { includedVatPence } from "@common/checkout/pricing";
import { formatGiftCardCode } from "@common/gift-cards/gift-cards";
import { formatPence } from "@common/money";
import { adminActor } from "@server/audit/audit-log";
import { startCheckout } from "@server/checkout/checkout-service";
import { eraseCustomer, exportCustomerData } from "@server/customers/customer-privacy";
import { emailOutbox } from "@server/email/schema";
import { issueGiftCard, issueGiftCardFormSchema } from "@server/gift-cards/gift-card-admin";
import { openGiftCardCode } from "@server/gift-cards/gift-card-codes";
import { sendGiftCardJob } from "@server/gift-cards/gift-card-delivery";
import { giftCardEntries, giftCards } from "@server/gift-cards/schema";
import { invoices } from "@server/invoices/schema";
import { runJobsRound } from "@server/jobs/job-queue";
import { logger } from "@server/logger";
import { cancelOrderAsAdmin, refundOrder } from "@server/orders/order-refunds";
import { orderItems } from "@server/orders/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { saveShopSettings, settingsVersion } from "@server/settings/settings-editor";
import { giftCardSettingsFormSchema } from "@server/settings/settings-form";
import { checkoutSettings } from "@server/settings/shop-settings";
import { and, eq } from "drizzle-orm";
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
} from "../factories";
import { expireDueOrders } from "../job-handlers";
import { invoicePageText } from "../pdf-text";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Gift cards bought at checkout (docs/decisions/067): money, not goods. In the total at face
// value with no discount, no delivery and no VAT of their own; written with the order but
// unusable until it is paid, then emailed on their day; gone with an order never paid; never
// paid for with another gift card. The paste is £15.00; the shop sells £10, £25 and £50 cards
// and custom ones from £5 to £500.

const range = { amountsPence: [1000, 2500, 5000], customMinPence: 500, customMaxPence: 50000 };
const settings = { ...testCheckoutSettings, giftCardRange: range };

const forGrace = {
  amountPence: 5000,
  recipientEmail: "Grace@Example.com",
  recipientName: "Grace",
  message: "Happy birthday!",
  sendOn: "2026-12-24",
};

const cart = (
  items: Array<{ variantId: string; quantity: number }>,
  giftCards: object[],
  extra: object = {},
) =>
  checkoutRequestSchema.parse({
    items,
    giftCards,
    customerDetails: testCheckoutDetails,
    ...extra,
  });

describe.each(testDrivers)("gift cards bought on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");
  const checkout = (userId: string, request: ReturnType<typeof cart>, now?: Date) =>
    startCheckout(db(), provider, { userId, request }, settings, now);

  const paste = () =>
    createProduct(db(), {
      id: "paste",
      slug: "paste",
      variants: [{ id: "paste-v", pricePence: 1500, stockQuantity: 100 }],
    });
  const cardsOf = (orderId: string) =>
    db().select().from(giftCards).where(eq(giftCards.orderId, orderId));
  /** The code its email will carry, kept sealed until the email goes. */
  const codeOf = (card: { codeSealed: string | null }) => openGiftCardCode(card.codeSealed ?? "");

  it("are money: undiscounted, with no VAT or delivery, usable and emailed once paid", async () => {
    await paste();
    const userId = await createCustomer(db());
    const result = await checkout(
      userId,
      cart([{ variantId: "paste-v", quantity: 1 }], [forGrace]),
    );
    // £15.00 less 10% for a first order, £3.99 delivery (the card does not make it free), £50.00.
    expect(result.pricing).toEqual({
      subtotalPence: 6500,
      discountPence: 150,
      shippingPence: 399,
      vatPence: includedVatPence(1350 + 399),
      totalPence: 1350 + 399 + 5000,
    });
    const items = await db()
      .select({ productName: orderItems.productName, variantName: orderItems.variantName })
      .from(orderItems)
      .where(eq(orderItems.orderId, result.orderId));
    expect(items).toContainEqual({
      productName: "Gift card",
      variantName: "£50.00, for grace@example.com",
    });
    // Written with the order, but not money until it is paid.
    const [pending] = await cardsOf(result.orderId);
    expect(pending).toMatchObject({
      status: "pending",
      balancePence: 5000,
      senderName: "Ada Lovelace",
    });

    await payOrder(db(), result.orderId);
    const [card] = await cardsOf(result.orderId);
    expect(card?.status).toBe("active");
    const entries = await db()
      .select({ kind: giftCardEntries.kind, amountPence: giftCardEntries.amountPence })
      .from(giftCardEntries)
      .where(eq(giftCardEntries.giftCardId, card?.id ?? ""));
    expect(entries).toEqual([{ kind: "issued", amountPence: 5000 }]);

    const handlers = { "send-gift-card": sendGiftCardJob(db(), async () => testBrand) };
    const sent = () => db().select().from(emailOutbox).where(eq(emailOutbox.kind, "gift-card"));
    await runJobsRound(db(), handlers, logger, new Date("2026-12-23T12:00:00Z"));
    expect(await sent()).toHaveLength(0);
    await runJobsRound(db(), handlers, logger, new Date("2026-12-24T09:00:00Z"));
    const [email] = await sent();
    expect(email?.toAddress).toBe("grace@example.com");
    expect(email?.subject).toBe("Ada Lovelace sent you a £50.00 Gleam gift card");
    // Its code went in the email, and the card keeps only its hash and last four from now on.
    const code = codeOf(card ?? { codeSealed: null });
    expect(email?.text).toContain(formatGiftCardCode(code));
    const [after] = await cardsOf(result.orderId);
    expect(after).toMatchObject({ code: null, codeSealed: null, lastFour: code.slice(-4) });
    expect(after?.codeHash).not.toContain(code);

    const page = await invoicePageText(db(), result.orderId);
    expect(page).toContain("Gift card (£50.00, for grace@example.com)");
    expect(page).toContain("None");
    expect(page).toContain("Gift cards sold are multi-purpose vouchers: no VAT is charged on them");
  });

  it("alone need no delivery, and go to the buyer when they name no one", async () => {
    const userId = await createCustomer(db(), "buyer@example.com");
    // As the cart sends it: the fields left empty are null.
    const result = await checkout(
      userId,
      cart(
        [],
        [
          {
            amountPence: 1234,
            recipientEmail: null,
            recipientName: null,
            senderName: null,
            message: null,
            sendOn: null,
          },
        ],
      ),
    );
    expect(result.pricing).toMatchObject({ shippingPence: 0, vatPence: 0, totalPence: 1234 });
    const [card] = await cardsOf(result.orderId);
    expect(card).toMatchObject({ recipientEmail: "buyer@example.com", senderName: null });
    // Paid, there is nothing to send: the order is done, with no "on its way" email.
    await payOrder(db(), result.orderId);
    expect((await orderRow(db(), result.orderId)).status).toBe("fulfilled");
    const shipped = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-shipped"));
    expect(shipped).toHaveLength(0);
  });

  it("are gone with an order never paid", async () => {
    const userId = await createCustomer(db());
    const now = new Date();
    const result = await checkout(userId, cart([], [{ amountPence: 2500 }]), now);
    expect(await cardsOf(result.orderId)).toHaveLength(1);
    expect(await expireDueOrders(db(), new Date(now.getTime() + 31 * 60_000))).toBe(1);
    expect(await cardsOf(result.orderId)).toHaveLength(0);
    expect((await orderRow(db(), result.orderId)).status).toBe("cancelled");
  });

  it("are only the amounts the shop sells", async () => {
    const userId = await createCustomer(db());
    await expect(checkout(userId, cart([], [{ amountPence: 400 }]))).rejects.toThrow(
      "Choose a gift card of £5.00 to £500.00.",
    );
    await expect(
      startCheckout(
        db(),
        provider,
        { userId, request: cart([], [{ amountPence: 2500 }]) },
        testCheckoutSettings,
      ),
    ).rejects.toThrow("Gift cards are not sold here.");
    expect(() => cart([], [])).toThrow("Your cart is empty");
  });

  it("are what the owner puts on sale", async () => {
    const admin = adminActor(await createCustomer(db(), "owner-of-cards@example.com"));
    const form = (amounts: string, min: string, max: string) =>
      giftCardSettingsFormSchema.parse({
        giftCardAmounts: amounts,
        giftCardCustomMin: min,
        giftCardCustomMax: max,
      });
    await expect(
      saveShopSettings(db(), admin, {
        ...form("15, 30", "50", "20"),
        version: await settingsVersion(db()),
      }),
    ).rejects.toThrow("The smallest custom amount cannot be more than the largest.");
    expect(() => form("15, lots", "5", "20")).toThrow(
      "Give the amounts in pounds, separated by commas, such as 10, 25, 50.",
    );
    await saveShopSettings(db(), admin, {
      ...form("£15, 30.50 15", "10", "200"),
      version: await settingsVersion(db()),
    });
    expect((await checkoutSettings(db())).giftCardRange).toEqual({
      amountsPence: [1500, 3050],
      customMinPence: 1000,
      customMaxPence: 20000,
    });
  });

  it("are in the buyer's copy of their data, and their part goes when they are erased", async () => {
    const adminId = await createCustomer(db(), "admin-of-privacy@example.com");
    const buyer = await createCustomer(db(), "giver@example.com");
    const result = await checkout(
      buyer,
      cart([], [{ ...forGrace, senderName: "Giver", sendOn: undefined }]),
    );
    await payOrder(db(), result.orderId);
    const copy = await exportCustomerData(db(), adminId, buyer);
    expect(copy.giftCards).toEqual([
      expect.objectContaining({
        code: expect.stringMatching(/^•••• [A-Z2-9]{4}$/),
        initialPence: 5000,
        recipientEmail: "grace@example.com",
        senderName: "Giver",
        message: "Happy birthday!",
        bought: true,
      }),
    ]);
    await eraseCustomer(db(), adminId, buyer);
    const [card] = await cardsOf(result.orderId);
    // The card stays money for Grace; the giver's name and words go.
    expect(card).toMatchObject({ balancePence: 5000, senderName: null, message: null });
    expect(card?.recipientEmail).toBe("grace@example.com");
  });

  it("are taken back when the money for them goes back", async () => {
    await paste();
    const adminId = await createCustomer(db(), "admin-of-card-refunds@example.com");
    const userId = await createCustomer(db());
    const result = await checkout(
      userId,
      cart(
        [{ variantId: "paste-v", quantity: 1 }],
        [forGrace, { amountPence: 2500, recipientEmail: "bob@example.com" }],
      ),
    );
    await payOrder(db(), result.orderId);
    const line = (
      await db()
        .select({ id: orderItems.id, variantName: orderItems.variantName })
        .from(orderItems)
        .where(eq(orderItems.orderId, result.orderId))
    ).find((item) => item.variantName === "£25.00, for bob@example.com");
    // Bob's card refunded on its own: it is taken back, Grace's stays.
    await refundOrder(db(), () => provider, logger, {
      orderId: result.orderId,
      adminId,
      amountPence: 2500,
      restock: [],
      reason: "Bought by mistake",
      expectedStatus: "paid",
      credit: { items: [{ orderItemId: line?.id ?? "", quantity: 1 }], delivery: false },
    });
    const byRecipient = async () =>
      Object.fromEntries(
        (await cardsOf(result.orderId)).map((card) => [
          card.recipientEmail,
          [card.status, card.balancePence],
        ]),
      );
    expect(await byRecipient()).toEqual({
      "bob@example.com": ["disabled", 0],
      "grace@example.com": ["active", 5000],
    });
    // The rest refunded with the order cancelled: Grace's goes too.
    const left = (await orderRow(db(), result.orderId)).totalPence - 2500;
    await cancelOrderAsAdmin(db(), () => provider, logger, {
      orderId: result.orderId,
      adminId,
      reason: "Customer asked",
      expectedStatus: "paid",
      refundPence: left,
    });
    expect(await byRecipient()).toEqual({
      "bob@example.com": ["disabled", 0],
      "grace@example.com": ["disabled", 0],
    });
    const [entry] = await db()
      .select({ reason: giftCardEntries.reason, amountPence: giftCardEntries.amountPence })
      .from(giftCardEntries)
      .innerJoin(giftCards, eq(giftCards.id, giftCardEntries.giftCardId))
      .where(
        and(
          eq(giftCards.recipientEmail, "grace@example.com"),
          eq(giftCardEntries.kind, "adjusted"),
        ),
      );
    expect(entry).toEqual({
      reason: expect.stringMatching(/^Refunded with order GL-\d+\.$/),
      amountPence: -5000,
    });
  });

  // A refund never gives back what a bought card's holder has spent from it (decision 077).
  it("give back with a refund only what is still on them, taken off the card", async () => {
    await paste();
    const adminId = await createCustomer(db(), "admin-of-spent-cards@example.com");
    const buyer = await createCustomer(db());
    const bought = await checkout(
      buyer,
      cart([], [{ amountPence: 5000, recipientEmail: "grace@example.com" }]),
    );
    await payOrder(db(), bought.orderId);
    const [card] = await cardsOf(bought.orderId);
    if (!card) throw new Error("no card");
    // Grace spends part of it on paste.
    const grace = await createCustomer(db(), "grace@example.com");
    const spending = await checkout(
      grace,
      cart([{ variantId: "paste-v", quantity: 2 }], [], { giftCardCode: codeOf(card) }),
    );
    expect(spending.paid).toBe(true);
    const unspent = (await cardsOf(bought.orderId))[0]?.balancePence ?? 0;
    const spent = 5000 - unspent;
    expect(spent).toBeGreaterThan(0);
    const line = (
      await db()
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, bought.orderId))
    )[0];
    const refund = (amountPence: number, credit = false) =>
      refundOrder(db(), () => provider, logger, {
        orderId: bought.orderId,
        adminId,
        amountPence,
        restock: [],
        reason: "Changed their mind",
        credit: credit
          ? { items: [{ orderItemId: line?.id ?? "", quantity: 1 }], delivery: false }
          : undefined,
      });
    const spentSaid = `${formatPence(spent)} of this card has been spent.`;
    // The card's line, or its price as money only: more than is on it, refused before any money.
    await expect(refund(5000, true)).rejects.toMatchObject({ message: spentSaid });
    await expect(refund(unspent + 1)).rejects.toMatchObject({ message: spentSaid });
    expect((await orderRow(db(), bought.orderId)).refundedPence).toBe(0);
    // What is still on it goes back, and comes off the card at once.
    await refund(unspent);
    expect((await cardsOf(bought.orderId))[0]).toMatchObject({
      balancePence: 0,
      status: "disabled",
    });
    // The credit note and the card's ledger say the same amount.
    const [note] = await db()
      .select({ grossPence: invoices.grossPence })
      .from(invoices)
      .where(and(eq(invoices.orderId, bought.orderId), eq(invoices.kind, "credit_note")));
    const [entry] = await db()
      .select({ amountPence: giftCardEntries.amountPence, reason: giftCardEntries.reason })
      .from(giftCardEntries)
      .where(and(eq(giftCardEntries.giftCardId, card.id), eq(giftCardEntries.kind, "adjusted")));
    expect(note?.grossPence).toBe(unspent);
    expect(entry).toEqual({
      amountPence: -unspent,
      reason: expect.stringMatching(/^Refunded with order GL-\d+\.$/),
    });
    // Nothing more can go back: the rest was spent.
    await expect(refund(1)).rejects.toMatchObject({ message: spentSaid });
  });

  it("are never paid for with another gift card", async () => {
    await paste();
    const held = await issueGiftCard(
      db(),
      issueGiftCardFormSchema.parse({ amount: "100" }),
      adminActor("admin-of-cards"),
    );
    const userId = await createCustomer(db());
    const result = await checkout(
      userId,
      cart([{ variantId: "paste-v", quantity: 1 }], [{ amountPence: 2500 }], {
        giftCardCode: held.code,
      }),
    );
    // The held card pays for the paste (£13.50 after 10%, £3.99 delivery), not the £25.00 card.
    expect(result.chargePence).toBe(2500);
    expect((await orderRow(db(), result.orderId)).giftCardPence).toBe(1749);
  });
});
