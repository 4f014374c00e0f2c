import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { type CheckoutRequest, mergeLines } from "../../common/checkout/checkout-input";
import type { OrderPricing, PricingSettings } from "../../common/checkout/pricing";
import {
  BOUGHT_GIFT_CARD_ITEM,
  type BoughtGiftCard,
  GIFT_CARD_MESSAGES,
  type GiftCardRange,
} from "../../common/gift-cards/gift-cards";
import { formatPence } from "../../common/money";
import { type Actor, customerActor, systemActor } from "../audit/audit-log";
import { users } from "../auth/schema";
import { rememberDelivery } from "../customers/address-book";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { countCodeAttempt } from "../discounts/code-check";
import { claimDiscountUse } from "../discounts/code-claims";
import { DomainError } from "../errors";
import { holdBoughtGiftCards } from "../gift-cards/bought-gift-cards";
import {
  countGiftCardAttempt,
  plannedSpend,
  spendGiftCard,
  usableCard,
} from "../gift-cards/gift-card-payments";
import { checkoutsStarted } from "../metrics/metrics";
import { attachPaymentIntent, openOrder } from "../orders/open-order";
import { cancelOrder, markPaid } from "../orders/order-state";
import { chargeOf, paidOrderExists, pendingOrderIdsLocked } from "../orders/orders-service";
import { orders } from "../orders/schema";
import { type PaymentProvider, PaymentProviderError } from "../payments/provider";
import { countAttempt } from "../rate-limit/attempt-counter";
import { emailBrand } from "../settings/shop-settings";
import { reserveStock } from "../stock/stock-service";
import { pricedLines, priceOrder } from "./checkout-pricing";
import { orderStillPriced } from "./order-still-priced";

// Starting a checkout (docs/architecture.md#money-flow): the server prices the cart from the database, reserves
// the stock and records the order `pending` in one transaction, then asks the payment provider for
// an intent. Nothing the browser says about prices is read.

export const PAYMENT_INTENT_FAILED = "Failed to create payment intent.";
const TOO_MANY_CHECKOUTS = "Too many checkout attempts. Please wait a minute and try again.";
const ORDER_REPLACED = "Replaced by a newer checkout.";
/** The checkout acting by itself: an order whose intent could not be made is let go at once. */
const CHECKOUT_SYSTEM: Actor = systemActor("checkout");

export type CheckoutSettings = PricingSettings & {
  attemptsPerMinute: number;
  /**
   * Units one order may hold in all. With one open order per customer this is also the most stock
   * one account can hold at a time (docs/architecture.md#security).
   */
  maxUnitsPerOrder: number;
  /** How long an order may wait for its payment before its stock goes back. */
  pendingOrderMinutes: number;
  /** When the abandoned checkout reminder is on: minutes after which it goes (else none). */
  reminderMinutes?: number | null;
  /** The gift cards the shop sells (none: it sells none). */
  giftCardRange?: GiftCardRange;
};

/** A gift card bought, as an order's line: "Gift card (£25.00, for grace@example.com)". */
function boughtCardItem(card: BoughtGiftCard) {
  return {
    productId: BOUGHT_GIFT_CARD_ITEM,
    variantId: BOUGHT_GIFT_CARD_ITEM,
    productName: "Gift card",
    variantName: `${formatPence(card.amountPence)}, for ${card.recipientEmail ?? "you"}`,
    unitPricePence: card.amountPence,
    quantity: 1,
  };
}

/** The customer's id as a subquery of their row names it (see paidOrderExists). */
const CUSTOMER_ID = sql`${users}.${sql.identifier("id")}`;

const tooManyUnits = (max: number) =>
  `An order can hold at most ${max} items. Please remove some from your cart.`;

export type CheckoutResult = {
  orderId: string;
  /** The provider's intent for the card's part; null when a gift card paid it all. */
  clientSecret: string | null;
  /** A gift card paid it all: the order is paid already and no card is asked for. */
  paid: boolean;
  /** What the provider is asked for: the total less what a gift card pays. */
  chargePence: number;
  totalPence: number;
  pricing: OrderPricing;
  /** True when the same submit had already made this order. */
  reused: boolean;
};

/** The cart and details, hashed: the same submit gives the same key. */
function checkoutKey(userId: string, request: CheckoutRequest): string {
  const lines = mergeLines(request.items).sort((a, b) => a.variantId.localeCompare(b.variantId));
  return createHash("sha256")
    .update(
      JSON.stringify([
        userId,
        lines,
        request.customerDetails,
        request.deliveryMethodId ?? null,
        request.discountCode ?? null,
        request.giftCardCode ?? null,
        request.giftCards,
      ]),
    )
    .digest("base64url");
}

function pricingOf(order: typeof orders.$inferSelect): OrderPricing {
  return {
    subtotalPence: order.subtotalPence,
    discountPence: order.discountPence,
    shippingPence: order.shippingPence,
    vatPence: order.vatPence,
    totalPence: order.totalPence,
  };
}

/** The pending order an identical submit made (a customer has one open order at most). */
async function findPendingOrder(db: Database, userId: string, key: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.checkoutKey, key), eq(orders.status, "pending")),
    )
    .limit(1);
  return order;
}

/**
 * The customer's row, locked: their checkouts take turns, so "one open order" and "one first-order
 * discount" are decided on what the one before left. Orders go to the account's own (verified)
 * address, never one typed into the form. Read with it: whether they have a paid order, and their
 * open orders, locked (one round trip for all three), which are cancelled here, their stock back.
 */
async function lockCustomer(tx: Database, userId: string, actor: Actor) {
  const [customer] = await tx
    .select({
      email: users.email,
      paidBefore: paidOrderExists(tx, CUSTOMER_ID),
      open: pendingOrderIdsLocked(CUSTOMER_ID),
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!customer) throw new DomainError("UNAUTHENTICATED", "Authentication required.");
  for (const orderId of customer.open) await cancelOrder(tx, orderId, actor, ORDER_REPLACED);
  return customer;
}

/**
 * Prices the cart, reserves its stock and records the order, all or nothing. The customer's other
 * open order (a changed cart, another tab) is cancelled first in the same transaction, its stock
 * returned: one account holds one order's worth of stock at most.
 */
async function createPendingOrder(
  db: Database,
  userId: string,
  request: CheckoutRequest,
  key: string,
  provider: PaymentProvider["name"],
  settings: CheckoutSettings,
  now: Date,
) {
  // A fixed order of locks (by variant id) so two checkouts never wait on each other in a circle.
  const lines = mergeLines(request.items).sort((a, b) => a.variantId.localeCompare(b.variantId));
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (units > settings.maxUnitsPerOrder) {
    throw new DomainError("BAD_REQUEST", tooManyUnits(settings.maxUnitsPerOrder));
  }
  const actor = customerActor(userId);
  return db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, userId, actor);
    const priced = await pricedLines(tx, lines);
    // Read after the replaced order gave back what it held of the card.
    const giftCard = request.giftCardCode ? await usableCard(tx, request.giftCardCode) : null;
    // The open orders are cancelled, so every other order still standing was paid: no paid order
    // means no discount claimed (the unique index on first_order_discount backs this up).
    const { pricing, delivery, usedCode, usedOffer, giftCardsPence } = await priceOrder(tx, {
      userId,
      request,
      priced,
      firstOrder: !customer.paidBefore,
      settings,
      giftCardRange: settings.giftCardRange,
      now,
    });

    // A gift card pays what it can of the total, as the customer was shown (decision record 066),
    // but never for gift cards bought (decision record 067).
    const giftCardPence = giftCard
      ? plannedSpend(giftCard, pricing.totalPence - giftCardsPence, request.expectedGiftCardPence)
      : 0;

    const details = request.customerDetails;
    if (details.remember) await rememberDelivery(tx, userId, details);
    const order = await openOrder(tx, {
      order: {
        userId,
        ...pricing,
        firstOrderDiscount: usedCode === null && usedOffer === null && pricing.discountPence > 0,
        discountCodeId: usedCode?.id ?? usedOffer?.id ?? null,
        discountCode: usedCode?.code ?? null,
        discountCodeVersion: usedCode?.version ?? usedOffer?.version ?? null,
        offerTitle: usedOffer?.title ?? null,
        giftCardId: giftCard?.id ?? null,
        giftCardPence,
        customerFullName: details.fullName,
        customerEmail: customer.email,
        customerPhone: details.phone,
        shippingAddress: details.shippingAddress,
        deliveryMethodId: delivery.id,
        deliveryMethodVersion: delivery.version,
        deliveryMethodName: delivery.name,
        deliveryFrom: delivery.from,
        deliveryTo: delivery.to,
        notes: details.notes ?? null,
        paymentProvider: provider,
        checkoutKey: key,
      },
      items: [
        ...priced.map((line) => ({
          productId: line.variant.productId,
          variantId: line.variantId,
          productName: line.variant.productName,
          variantName: line.variant.name,
          unitPricePence: line.variant.pricePence,
          quantity: line.quantity,
        })),
        ...request.giftCards.map(boughtCardItem),
      ],
      actor,
      pendingMinutes: settings.pendingOrderMinutes,
      reminderMinutes: settings.reminderMinutes ?? null,
    });
    // The cards bought wait, unusable, for the order's payment (decision record 067).
    await holdBoughtGiftCards(tx, {
      orderId: order.id,
      cards: request.giftCards,
      buyer: { email: customer.email, name: details.fullName },
      actor,
    });
    // The code's or offer's use is claimed with the order: none left, and nothing is made.
    await claimDiscountUse(tx, {
      orderId: order.id,
      userId,
      codeId: usedCode?.id ?? null,
      offerId: usedOffer?.id ?? null,
    });
    // Last before the commit: the variants' rows, which every buyer of them queues on, are held
    // for one statement and the commit, not for the whole checkout.
    await reserveStock(tx, {
      orderId: order.id,
      actor,
      lines: priced.map((line) => ({
        variantId: line.variantId,
        quantity: line.quantity,
        productName: line.variant.productName,
      })),
    });
    // The card last: its row is locked after the variants', as every writer of both does.
    if (
      giftCard &&
      giftCardPence > 0 &&
      !(await spendGiftCard(tx, {
        cardId: giftCard.id,
        orderId: order.id,
        pence: giftCardPence,
        actor,
      }))
    ) {
      throw new DomainError("CONFLICT", GIFT_CARD_MESSAGES.balanceChanged, "giftCardCode");
    }
    // Paid in full by the card: nothing to ask a provider for, so it is paid now, with the
    // discount and the code's use held in this same transaction.
    if (order.totalPence === giftCardPence) {
      return markPaid(tx, order.id, actor, { brand: await emailBrand(tx), now, locked: order });
    }
    return order;
  });
}

/** The provider's intent for an order: the same order always gets the same intent. */
async function intentFor(
  db: Database,
  provider: PaymentProvider,
  order: typeof orders.$inferSelect,
) {
  try {
    const intent = await provider.createIntent({
      orderId: order.id,
      amountPence: chargeOf(order),
      currency: "gbp",
      customerEmail: order.customerEmail,
      idempotencyKey: `order-${order.id}`,
    });
    if (order.providerIntentId !== intent.intentId) {
      await attachPaymentIntent(db, order.id, intent.intentId);
    }
    return intent;
  } catch (error) {
    // No intent, no way to pay: the order lets its stock go at once instead of at expiry.
    await db
      .transaction((tx) => cancelOrder(tx, order.id, CHECKOUT_SYSTEM, PAYMENT_INTENT_FAILED))
      .catch((cancelError: unknown) => {
        // Already no longer pending (a newer checkout replaced it): nothing left to let go.
        if (!(cancelError instanceof DomainError)) throw cancelError;
      });
    const message = error instanceof PaymentProviderError ? error.message : PAYMENT_INTENT_FAILED;
    throw new DomainError("UNAVAILABLE", message);
  }
}

/**
 * Starts paying for a cart: an order `pending` with its stock reserved, and the provider's intent.
 * The same submit repeated while that order is pending gives the same order and intent.
 */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  input: { userId: string; request: CheckoutRequest; clientAddress?: string | null },
  settings: CheckoutSettings,
  now = new Date(),
): Promise<CheckoutResult> {
  const { userId, request } = input;
  const attempts = await countAttempt(db, `checkout:${userId}`, 60_000, now.getTime());
  if (attempts > settings.attemptsPerMinute) {
    throw new DomainError("RATE_LIMITED", TOO_MANY_CHECKOUTS);
  }
  // Every code tried counts, here as in the summary's preview: no guessing codes by checkout.
  if (request.discountCode) {
    await countCodeAttempt(db, userId, input.clientAddress ?? null, now.getTime());
  }
  // A gift card's code counts as a code tried; the card is read and spent with the order.
  if (request.giftCardCode) {
    await countGiftCardAttempt(
      db,
      { userId, clientAddress: input.clientAddress ?? null },
      now.getTime(),
    );
  }
  const key = checkoutKey(userId, request);

  let order = await findPendingOrder(db, userId, key);
  // The same submit again finds its order only while that order is still what the catalogue sells
  // at the total the customer saw; otherwise a new one replaces it, priced afresh.
  const expected = request.expectedTotalPence;
  if (
    order &&
    ((expected !== undefined && order.totalPence !== expected) ||
      // Priced afresh on a new order: a code or delivery changed since is applied as it is now,
      // or refused with its reason.
      !(await orderStillPriced(db, order, now)))
  ) {
    order = undefined;
  }
  const reused = order !== undefined;
  if (!order) {
    try {
      order = await createPendingOrder(db, userId, request, key, provider.name, settings, now);
      checkoutsStarted.inc();
    } catch (error) {
      // Checkouts of one customer take turns on their row; should two still meet at the database's
      // own rule (one open order), the same submit finds the order the other one made.
      if (!isUniqueViolation(error, "orders_one_pending_per_user_idx")) throw error;
      order = await findPendingOrder(db, userId, key);
      if (!order)
        throw new DomainError("CONFLICT", "Another checkout is in progress. Please try again.");
    }
  }
  const chargePence = chargeOf(order);
  if (order.status === "paid") {
    return {
      orderId: order.id,
      clientSecret: null,
      paid: true,
      chargePence,
      totalPence: order.totalPence,
      pricing: pricingOf(order),
      reused,
    };
  }
  const intent = await intentFor(db, provider, order);
  return {
    orderId: order.id,
    clientSecret: intent.clientSecret,
    paid: false,
    chargePence,
    totalPence: order.totalPence,
    pricing: pricingOf(order),
    reused,
  };
}
