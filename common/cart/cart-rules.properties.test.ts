import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addLine,
  type CartLine,
  type CartProduct,
  cartItemCount,
  cartTotalPence,
  reconcileLines,
  removeLine,
  setLineQuantity,
} from "./cart-rules";

// Properties of the cart's rules over random sequences of shopper actions (fuzzing):
// whatever is clicked in whatever order, a line never holds more than its stock or its per-order
// limit, never less than one, a variant appears once, and the total is the sum of the lines.

const variantIds = ["v1", "v2", "v3", "v4"];
const product = fc.record({
  productId: fc.constant("p"),
  name: fc.constant("Whitening Strips"),
  imageUrl: fc.constant("/images/products/whitening-strips.svg"),
  variantId: fc.constantFrom(...variantIds),
  variantName: fc.constantFrom("Default", "Two-Kit"),
  pricePence: fc.integer({ min: 0, max: 100_000 }),
  stockQuantity: fc.integer({ min: 0, max: 40 }),
  maxPerOrder: fc.integer({ min: 1, max: 20 }),
});
const action = fc.oneof(
  fc.record({
    kind: fc.constant("add" as const),
    product,
    quantity: fc.integer({ min: -3, max: 25 }),
  }),
  fc.record({
    kind: fc.constant("set" as const),
    variantId: fc.constantFrom(...variantIds),
    quantity: fc.oneof(
      fc.integer({ min: -5, max: 50 }),
      fc.double({ min: -5, max: 50, noNaN: true }),
    ),
  }),
  fc.record({ kind: fc.constant("remove" as const), variantId: fc.constantFrom(...variantIds) }),
);

function apply(lines: CartLine[], step: typeof action extends fc.Arbitrary<infer A> ? A : never) {
  if (step.kind === "add") {
    const result = addLine(lines, step.product as CartProduct, step.quantity);
    return result.ok ? result.lines : lines;
  }
  if (step.kind === "set") return setLineQuantity(lines, step.variantId, step.quantity);
  return removeLine(lines, step.variantId);
}

function expectSound(lines: CartLine[]) {
  expect(new Set(lines.map((line) => line.variantId)).size).toBe(lines.length);
  for (const line of lines) {
    expect(Number.isInteger(line.quantity)).toBe(true);
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    expect(line.quantity).toBeLessThanOrEqual(line.stockQuantity);
    expect(line.quantity).toBeLessThanOrEqual(line.maxPerOrder);
  }
  expect(cartTotalPence(lines)).toBe(
    lines.reduce((sum, line) => sum + line.pricePence * line.quantity, 0),
  );
  expect(cartTotalPence(lines)).toBeGreaterThanOrEqual(0);
  expect(cartItemCount(lines)).toBe(lines.reduce((sum, line) => sum + line.quantity, 0));
}

describe("cart rule properties", () => {
  it("keeps every line within its stock and limit, once per variant, after any actions", () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      fc.assert(
        fc.property(fc.array(action, { maxLength: 30 }), (steps) => {
          let lines: CartLine[] = [];
          for (const step of steps) {
            lines = apply(lines, step);
            expectSound(lines);
          }
        }),
        // Many runs: a broken limit shows only for some stock and quantity pairs.
        { numRuns: 2000 },
      );
    } finally {
      console.warn = warn;
    }
  });

  it("brings any cart in line with the shop's current stock and prices", () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      fc.assert(
        fc.property(
          fc.array(action, { maxLength: 20 }),
          // The shop answers once per variant.
          fc.uniqueArray(product, { maxLength: 4, selector: (variant) => variant.variantId }),
          (steps, current) => {
            let lines: CartLine[] = [];
            for (const step of steps) lines = apply(lines, step);
            const reconciled = reconcileLines(lines, current as CartProduct[]);
            expectSound(reconciled.lines);
            for (const line of reconciled.lines) {
              const now = current.find((variant) => variant.variantId === line.variantId);
              expect(now?.pricePence).toBe(line.pricePence);
            }
          },
        ),
      );
    } finally {
      console.warn = warn;
    }
  });
});
