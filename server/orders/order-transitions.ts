import type { OrderStatus } from "./schema";

// What may happen to an order in each status (docs/architecture.md#money-flow): the one table
// order-state.ts checks every change against, and tests/integration/order-transitions.test.ts
// walks. A transition with `to` moves the order to that status; one without changes something
// beside it (a declined card noted, money flagged or settled, a refund in part).
//
//   pending ──pay──> paid ──fulfil──> fulfilled ──deliver──> delivered
//      │               │ └────────────────┴──refund in full──────┴──> refunded
//      │               └──cancel-paid (refunded in full, stock released)──> cancelled
//      └──cancel (stock released, the provider's intent cancelled)──> cancelled

type Transition = { from: readonly OrderStatus[]; to?: OrderStatus; verb: string };

/** Statuses in which the order holds the customer's money. */
const MONEY_HELD = ["paid", "fulfilled", "delivered"] as const satisfies readonly OrderStatus[];

export const ORDER_TRANSITIONS = {
  pay: { from: ["pending"], to: "paid", verb: "paid" },
  "note-payment-failure": { from: ["pending"], verb: "charged" },
  cancel: { from: ["pending"], to: "cancelled", verb: "cancelled" },
  "flag-refund-due": {
    from: ["pending", "cancelled", ...MONEY_HELD],
    verb: "flagged for a refund",
  },
  "settle-refund": { from: ["pending", "cancelled"], verb: "settled" },
  fulfil: { from: ["paid"], to: "fulfilled", verb: "fulfilled" },
  deliver: { from: ["fulfilled"], to: "delivered", verb: "delivered" },
  "refund-in-part": { from: MONEY_HELD, verb: "refunded" },
  "refund-in-full": { from: MONEY_HELD, to: "refunded", verb: "refunded" },
  "cancel-paid": { from: ["paid"], to: "cancelled", verb: "cancelled" },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof ORDER_TRANSITIONS;

/** Whether the table lets an order in `status` take the transition. */
export function allows(name: TransitionName, status: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[name].from as readonly OrderStatus[]).includes(status);
}

/** The status the transition leaves the order in (none: its status stays). */
export function statusAfter(name: TransitionName): OrderStatus | undefined {
  const transition: Transition = ORDER_TRANSITIONS[name];
  return transition.to;
}
