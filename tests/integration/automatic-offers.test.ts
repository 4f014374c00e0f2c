import { OFFER_MESSAGES } from "@common/discounts/offers";
import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { setProductActive } from "@server/catalog/product-editor";
import { deleteProduct } from "@server/catalog/product-removal";
import { PRICES_CHANGED } from "@server/checkout/checkout-pricing";
import { startCheckout } from "@server/checkout/checkout-service";
import {
  createDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from "@server/discounts/code-editor";
import {
  createOffer,
  listOffers,
  type OfferInput,
  offerFormSchema,
  updateOffer,
} from "@server/discounts/offer-editor";
import { offersOnSale } from "@server/discounts/offers";
import { discountCodes, discountRedemptions } from "@server/discounts/schema";
import { emailOutbox } from "@server/email/schema";
import type { DomainError } from "@server/errors";
import { createTestProvider } from "@server/payments/test-provider";
import { desc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../common/checkout/checkout-input";
import {
  createCustomer,
  createProduct,
  orderRow,
  payOrder,
  testCheckoutDetails,
  testCheckoutSettings,
  testCodeInput,
  versionNow,
} from "../factories";
import { expireDueOrders } from "../job-handlers";
import { invoicePageText } from "../pdf-text";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Automatic offers (docs/decisions/070): applied by the checkout with no code, one discount per
// order (the one saving most), their dates and limits, their uses claimed with the order (the
// race for the last one on two connections) and given back by a cancelled one, and the admin's
// editor. The demo's pricing: £3.99 standard delivery, free over £50; 10% off a first order.

const admin = adminActor("admin-of-offers");

const threeForTwo: OfferInput = {
  title: "3 for 2 on strips",
  kind: "buy_get",
  buyQuantity: 2,
  getQuantity: 1,
  percentOff: 100,
  productSlugs: ["strips"],
  spendOverPence: 0,
  giftProductId: "",
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  active: true,
};

const freePen: OfferInput = {
  ...threeForTwo,
  title: "Free pen over £50",
  kind: "spend_get",
  productSlugs: [],
  spendOverPence: 5000,
  giftProductId: "pen",
};

const cart = (
  items: Array<{ variantId: string; quantity: number }>,
  extra: { discountCode?: string; expectedTotalPence?: number } = {},
) => checkoutRequestSchema.parse({ items, customerDetails: testCheckoutDetails, ...extra });

describe.each(testDrivers)("automatic offers on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");

  async function shop() {
    await createProduct(db(), {
      id: "strips",
      slug: "strips",
      variants: [{ id: "strips-v", pricePence: 2000, stockQuantity: 100 }],
    });
    await createProduct(db(), {
      id: "pen",
      slug: "pen",
      name: "Whitening Pen",
      variants: [{ id: "pen-v", pricePence: 1500, stockQuantity: 100 }],
    });
    await createProduct(db(), {
      id: "paste",
      slug: "paste",
      variants: [{ id: "paste-v", pricePence: 1000, stockQuantity: 100 }],
    });
  }

  const checkout = (userId: string, request: ReturnType<typeof cart>, now?: Date) =>
    startCheckout(db(), provider, { userId, request }, testCheckoutSettings, now);

  /** A customer who has paid once already: no first-order discount in the way. */
  async function returningCustomer() {
    const userId = await createCustomer(db());
    const first = await checkout(userId, cart([{ variantId: "paste-v", quantity: 1 }]));
    await payOrder(db(), first.orderId);
    return userId;
  }

  const offerRow = async (id: string) =>
    (await db().select().from(discountCodes).where(eq(discountCodes.id, id)))[0];

  it("takes the cheapest item of each group off, names the offer on the order, and claims a use", async () => {
    await shop();
    const offerId = await createOffer(db(), admin, threeForTwo);
    const userId = await returningCustomer();
    // Three strips at £20: one free, £40.00 is not over £50: £3.99 delivery.
    const result = await checkout(userId, cart([{ variantId: "strips-v", quantity: 3 }]));
    expect(result.pricing).toMatchObject({
      subtotalPence: 6000,
      discountPence: 2000,
      shippingPence: 399,
      totalPence: 4399,
    });
    expect(await orderRow(db(), result.orderId)).toMatchObject({
      discountCodeId: offerId,
      discountCode: null,
      offerTitle: "3 for 2 on strips",
      firstOrderDiscount: false,
    });
    expect((await offerRow(offerId))?.usedCount).toBe(1);
    await payOrder(db(), result.orderId);
    expect((await orderRow(db(), result.orderId)).status).toBe("paid");
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-confirmation"))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(email?.text).toContain("Offer: 3 for 2 on strips");
    expect(await invoicePageText(db(), result.orderId)).toContain(
      "Discount: offer 3 for 2 on strips",
    );
    // Two strips make no group: no offer, no use.
    const two = await checkout(userId, cart([{ variantId: "strips-v", quantity: 2 }]));
    expect(two.pricing.discountPence).toBe(0);
    expect((await orderRow(db(), two.orderId)).discountCodeId).toBeNull();
  });

  it("gives the pen free only when the rest is over the spend", async () => {
    await shop();
    await createOffer(db(), admin, freePen);
    const userId = await returningCustomer();
    // £50.00 of other goods is not over £50: the pen is paid for.
    const exactly = await checkout(
      userId,
      cart([
        { variantId: "strips-v", quantity: 2 },
        { variantId: "paste-v", quantity: 1 },
        { variantId: "pen-v", quantity: 1 },
      ]),
    );
    expect(exactly.pricing.discountPence).toBe(0);
    const over = await checkout(
      userId,
      cart([
        { variantId: "strips-v", quantity: 3 },
        { variantId: "pen-v", quantity: 1 },
      ]),
    );
    // £75.00 less the £15.00 pen: £60.00, over £50 after the discount: free delivery.
    expect(over.pricing).toMatchObject({ discountPence: 1500, shippingPence: 0, totalPence: 6000 });
  });

  it("never adds up with a code or the first-order discount: the one saving most is taken", async () => {
    await shop();
    const offerId = await createOffer(db(), admin, threeForTwo);
    // A first order: 10% of £60 (£6.00) saves less than a free strip (£20.00).
    const newcomer = await createCustomer(db());
    const first = await checkout(newcomer, cart([{ variantId: "strips-v", quantity: 3 }]));
    expect(await orderRow(db(), first.orderId)).toMatchObject({
      discountPence: 2000,
      firstOrderDiscount: false,
      offerTitle: "3 for 2 on strips",
    });
    // A code for 50% off (£30.00) saves more: the code, and the offer keeps its use.
    await createDiscountCode(db(), admin, { ...testCodeInput, code: "HALF", amount: 50 });
    const userId = await returningCustomer();
    const withCode = await checkout(
      userId,
      cart([{ variantId: "strips-v", quantity: 3 }], { discountCode: "HALF" }),
    );
    expect(await orderRow(db(), withCode.orderId)).toMatchObject({
      discountPence: 3000,
      discountCode: "HALF",
      offerTitle: null,
    });
    // The newcomer's pending order still holds the only use taken.
    expect((await offerRow(offerId))?.usedCount).toBe(1);
    // A code saving the same as the offer: the offer, and the code's use is not spent.
    await createDiscountCode(db(), admin, {
      ...testCodeInput,
      code: "TWENTY",
      kind: "fixed",
      amount: 2000,
    });
    const tie = await checkout(
      userId,
      cart([{ variantId: "strips-v", quantity: 3 }], { discountCode: "TWENTY" }),
    );
    expect(await orderRow(db(), tie.orderId)).toMatchObject({
      discountCode: null,
      offerTitle: "3 for 2 on strips",
    });
    const [twenty] = await db()
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, "TWENTY"));
    expect(twenty?.usedCount).toBe(0);
  });

  it("holds only between its days, while active, and as often as each customer may have it", async () => {
    await shop();
    const now = new Date("2026-12-10T12:00:00Z");
    await createOffer(db(), admin, {
      ...threeForTwo,
      title: "Soon",
      startsAt: new Date("2026-12-11T00:00:00Z"),
    });
    await createOffer(db(), admin, {
      ...threeForTwo,
      title: "Over",
      endsAt: new Date("2026-12-10T00:00:00Z"),
    });
    await createOffer(db(), admin, { ...threeForTwo, title: "Paused", active: false });
    const userId = await returningCustomer();
    const strips = cart([{ variantId: "strips-v", quantity: 3 }]);
    expect((await checkout(userId, strips, now)).pricing.discountPence).toBe(0);
    expect(await offersOnSale(db(), now)).toEqual([]);

    const onceEach = await createOffer(db(), admin, {
      ...threeForTwo,
      title: "Once each",
      perCustomerLimit: 1,
    });
    // The total the shopper is shown now has the offer: the order made before it is not reused.
    const taken = await checkout(userId, { ...strips, expectedTotalPence: 4399 }, now);
    expect(taken.pricing.discountPence).toBe(2000);
    await payOrder(db(), taken.orderId);
    // Used once: the next order is priced without it, and says nothing is wrong.
    const again = await checkout(userId, strips, now);
    expect(again.pricing.discountPence).toBe(0);
    expect((await offerRow(onceEach))?.usedCount).toBe(1);
    // The free pen shows while the pen is on sale, and nowhere once it is withdrawn.
    await createOffer(db(), admin, freePen);
    const titles = async () => (await offersOnSale(db(), now)).map((offer) => offer.title);
    expect(await titles()).toContain("Free pen over £50");
    await setProductActive(db(), admin, "pen", false);
    expect(await titles()).not.toContain("Free pen over £50");
    // Withdrawn, it is still the offer's gift: it cannot be deleted from under it.
    await expect(deleteProduct(db(), admin, "pen")).rejects.toThrow(
      "The offer Free pen over £50 is for this product: take it off the offer first.",
    );
  });

  it("gives its last use to exactly one of two customers racing for it, and takes it back from a lapsed order", async () => {
    await shop();
    const offerId = await createOffer(db(), admin, { ...threeForTwo, usageLimit: 1 });
    const [ada, bob] = [await returningCustomer(), await returningCustomer()];
    // The total each was shown, with the offer.
    const request = cart([{ variantId: "strips-v", quantity: 3 }], { expectedTotalPence: 4399 });
    const results = await Promise.allSettled([checkout(ada, request), checkout(bob, request)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [lost] = results.filter((result) => result.status === "rejected");
    // On two connections the loser waits on the offer's row and finds its use gone; on one, it
    // is priced after the winner, without the offer, and is not the total it was shown.
    expect([OFFER_MESSAGES.usedUp, PRICES_CHANGED]).toContain(
      ((lost as PromiseRejectedResult).reason as DomainError).message,
    );
    expect((await offerRow(offerId))?.usedCount).toBe(1);
    expect(
      await db().select().from(discountRedemptions).where(isNull(discountRedemptions.releasedAt)),
    ).toHaveLength(1);

    // The winner never pays: the lapsed order gives the use back for the other to take.
    expect(await expireDueOrders(db(), new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect((await offerRow(offerId))?.usedCount).toBe(0);
    const second = await checkout(bob, request);
    expect(second.pricing.discountPence).toBe(2000);
  });

  it("is edited from the admin's form, audited, and kept apart from the codes", async () => {
    await shop();
    const form = (fields: Record<string, string>) =>
      offerFormSchema.safeParse({
        title: "Half-price pen",
        kind: "buy_get",
        buy: "1",
        get: "1",
        percent: "50",
        products: "pen",
        active: "on",
        ...fields,
      });
    expect(form({ products: "" }).error?.issues[0]?.message).toBe(
      "Choose the products the offer counts.",
    );
    expect(form({ buy: "" }).error?.issues[0]?.message).toBe("Buy 1 to 100 items.");
    expect(
      form({ kind: "spend_get", spendOver: "50.00", gift: "" }).error?.issues[0]?.message,
    ).toBe("Choose the product given free.");
    const parsed = form({ startsOn: "01/12/2026", endsOn: "31/12/2026", usageLimit: "100" });
    if (!parsed.success) throw parsed.error;
    const { id: _none, ...input } = parsed.data;
    const id = await createOffer(db(), admin, input);
    const [listed] = await listOffers(db());
    expect(listed).toMatchObject({
      id,
      title: "Half-price pen",
      buyQuantity: 1,
      percentOff: 50,
      products: [{ slug: "pen", name: "Whitening Pen" }],
      usageLimit: 100,
      version: 1,
    });
    await updateOffer(db(), admin, id, { ...input, active: false, version: 1 });
    // A save from the version before is refused, naming what changed.
    await expect(updateOffer(db(), admin, id, { ...input, version: 1 })).rejects.toThrow(
      /on or off/,
    );
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(actions.map((row) => row.action).sort()).toEqual(["offer.created", "offer.paused"]);
    // The codes' editor neither lists nor saves an offer.
    expect(await listDiscountCodes(db())).toEqual([]);
    await expect(
      updateDiscountCode(db(), admin, id, {
        ...testCodeInput,
        version: await versionNow(db(), "discount_codes", id),
      }),
    ).rejects.toThrow("Discount code not found.");
    // A gift that is not on sale is refused.
    await expect(
      createOffer(db(), admin, { ...freePen, giftProductId: "no-such-product" }),
    ).rejects.toThrow("That product is not on sale.");
  });
});
