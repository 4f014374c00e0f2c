import type { Actor } from "../audit/audit-log";
import type { Database } from "../db/database";
import type { Credit } from "../payments/schema";
import type { Brand } from "../settings/shop-settings";
import type { orders } from "./schema";

// What happened to an order, told inside the transaction that made it happen, so that what
// follows from it (the customer's email, a call the payment provider must get) is written with
// the change or not at all. The order domain publishes; email and payments react
// (server/email/order-emails.ts, server/payments/order-reactions.ts), so orders/ never calls email.
// The server installs the reactions at start (server/start/order-reactions.ts); publishing before
// that is a fault, never a silent loss.

type Order = typeof orders.$inferSelect;

export type OrderEvent =
  | { type: "paid"; order: Order; brand: Brand }
  /** `tell`: the shop's own cancellation is told to the customer; an expiry is not. */
  | { type: "cancelled"; order: Order; actor: Actor; tell?: Brand | undefined }
  /**
   * Money went back to the customer: `amountPence` of it, for `credit` (the rest money only), the
   * order cancelled with it or not.
   */
  | {
      type: "money-back";
      order: Order;
      amountPence: number;
      cancelled: boolean;
      credit: Credit;
      reason: string | null;
      brand: Brand;
      actor: Actor;
      /** The part of `amountPence` that goes back to the gift card the order was paid with. */
      giftCardPence: number;
    }
  /**
   * A refund is about to be asked of the payment provider, in its first step's transaction: a
   * reaction refuses it by throwing a DomainError, before any money moves (the gift cards an order
   * bought: docs/decisions/077).
   */
  | {
      type: "refund-asked";
      order: Order;
      amountPence: number;
      cancelled: boolean;
      credit: Credit;
    }
  /** Money that arrived for an order never paid went back. */
  | { type: "refund-settled"; order: Order; brand?: Brand }
  /**
   * Money that arrived for an order never paid could not go back on its own (the provider kept
   * refusing): the customer is told the shop will see to it.
   */
  | { type: "refund-stuck"; order: Order; brand: Brand }
  | { type: "fulfilled"; order: Order; brand?: Brand }
  | { type: "delivered"; order: Order; brand?: Brand };

type Reaction = (tx: Database, event: OrderEvent) => Promise<void>;

const reactions: Reaction[] = [];

/** Adds a reaction to every order event (at start, once). */
export function reactToOrders(reaction: Reaction): void {
  if (!reactions.includes(reaction)) reactions.push(reaction);
}

/** Tells every reaction, in the caller's transaction; a reaction's failure fails the change. */
export async function publishOrderEvent(tx: Database, event: OrderEvent): Promise<void> {
  if (reactions.length === 0) {
    throw new Error(
      "An order changed before the order reactions were installed (server/start/order-reactions.ts).",
    );
  }
  for (const reaction of reactions) await reaction(tx, event);
}
