import { type PaymentProvider, PaymentProviderError } from "@server/payments/provider";
import { createTestProvider } from "@server/payments/test-provider";

// A payment provider for tests that keeps the money's side of refunds: what it gave back per
// intent, each idempotency key once, never more than was charged (as Stripe refuses). The shop's
// records are checked against this ledger. It can answer slowly (to open a race's window), refuse,
// or do the refund and then lose its answer (a timeout after the provider acted).

type Behaviour = "refund" | "refuse" | "refund-then-time-out";

export type RefundLedgerProvider = PaymentProvider & {
  /** Pence given back per intent. */
  refundedFor(intentId: string): number;
  /** The refunds made, in order: [intent, key, pence]. */
  readonly made: Array<[string, string, number]>;
  /** What the next refund calls do (the last entry repeats). */
  behave(...next: Behaviour[]): void;
  /** Answers after this many milliseconds (a random share of it when `jitter`). */
  delayMs: number;
  jitter: boolean;
  /** Run while the provider holds a refund call, before it answers (what happens meanwhile). */
  meanwhile: (() => Promise<unknown>) | null;
};

/** The charge each intent took, as the test says (refunds beyond it are refused). */
export function createRefundLedgerProvider(
  charged: (intentId: string) => number,
): RefundLedgerProvider {
  const base = createTestProvider("integration-test-secret-of-32-characters!");
  const byKey = new Map<string, number>();
  const made: Array<[string, string, number]> = [];
  let plan: Behaviour[] = ["refund"];
  const provider: RefundLedgerProvider = {
    ...base,
    made,
    delayMs: 0,
    jitter: false,
    meanwhile: null,
    behave(...next) {
      plan = next.length > 0 ? next : ["refund"];
    },
    refundedFor(intentId) {
      return made
        .filter(([intent]) => intent === intentId)
        .reduce((sum, [, , pence]) => sum + pence, 0);
    },
    async refundIntent(intentId, key, amountPence) {
      const behaviour = plan.length > 1 ? (plan.shift() as Behaviour) : (plan[0] ?? "refund");
      const wait = provider.jitter ? Math.random() * provider.delayMs : provider.delayMs;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await provider.meanwhile?.();
      if (behaviour === "refuse") throw new PaymentProviderError("Your card was declined.");
      if (!byKey.has(key)) {
        const left = charged(intentId) - provider.refundedFor(intentId);
        const pence = amountPence ?? left;
        if (pence > left) {
          throw new PaymentProviderError("Refund amount is greater than unrefunded amount.");
        }
        byKey.set(key, pence);
        made.push([intentId, key, pence]);
      }
      if (behaviour === "refund-then-time-out") throw new Error("socket hang up");
    },
  };
  return provider;
}
