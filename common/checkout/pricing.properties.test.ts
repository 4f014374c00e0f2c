import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { includedVatPence, type PricedLine, type PricingOptions, priceOrder } from "./pricing";

// Properties of the pricing rules over random carts and settings (fuzzing): whatever
// the cart and the admin's settings, the figures are whole pence, never negative, add up, and the
// same input always gives the same answer.

const line = fc.record({
  unitPricePence: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 30 }),
});
const lines = fc.array(line, { maxLength: 20 });
const options = fc.record({
  shippingFlatRatePence: fc.integer({ min: 0, max: 10_000 }),
  freeShippingOverPence: fc.integer({ min: 0, max: 1_000_000 }),
  firstOrderDiscountPercent: fc.integer({ min: 1, max: 50 }),
  firstOrder: fc.boolean(),
});

const wholeAndNotNegative = (value: number) => Number.isSafeInteger(value) && value >= 0;

describe("pricing properties", () => {
  it("gives whole, non-negative pence that add up: total = subtotal - discount + shipping", () => {
    fc.assert(
      fc.property(lines, options, (cart: PricedLine[], settings: PricingOptions) => {
        const priced = priceOrder(cart, settings);
        for (const value of Object.values(priced)) expect(wholeAndNotNegative(value)).toBe(true);
        expect(priced.subtotalPence).toBe(
          cart.reduce((sum, item) => sum + item.unitPricePence * item.quantity, 0),
        );
        expect(priced.totalPence).toBe(
          priced.subtotalPence - priced.discountPence + priced.shippingPence,
        );
      }),
    );
  });

  it("never discounts more than the subtotal, and only a first order, by its percentage to the penny", () => {
    fc.assert(
      fc.property(lines, options, (cart, settings) => {
        const priced = priceOrder(cart, settings);
        expect(priced.discountPence).toBeLessThanOrEqual(priced.subtotalPence);
        if (!settings.firstOrder) expect(priced.discountPence).toBe(0);
        else {
          const exact = (priced.subtotalPence * settings.firstOrderDiscountPercent) / 100;
          expect(Math.abs(priced.discountPence - exact)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it("charges shipping exactly when the discounted subtotal is not over the threshold", () => {
    fc.assert(
      fc.property(lines, options, (cart, settings) => {
        const priced = priceOrder(cart, settings);
        const discounted = priced.subtotalPence - priced.discountPence;
        const free = cart.length === 0 || discounted > settings.freeShippingOverPence;
        expect(priced.shippingPence).toBe(free ? 0 : settings.shippingFlatRatePence);
        // At the threshold exactly, shipping is paid ("over £50"); a penny below it, it is free.
        if (cart.length > 0) {
          const at = { ...settings, freeShippingOverPence: discounted };
          expect(priceOrder(cart, at).shippingPence).toBe(settings.shippingFlatRatePence);
          if (discounted > 0) {
            const below = { ...settings, freeShippingOverPence: discounted - 1 };
            expect(priceOrder(cart, below).shippingPence).toBe(0);
          }
        }
      }),
    );
  });

  it("states a VAT portion within half a penny of a sixth of the total, never above it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (total) => {
        const vat = includedVatPence(total);
        expect(Math.abs(vat - total / 6)).toBeLessThanOrEqual(0.5);
        expect(vat).toBeLessThanOrEqual(total);
      }),
    );
    fc.assert(
      fc.property(lines, options, (cart, settings) => {
        const priced = priceOrder(cart, settings);
        expect(priced.vatPence).toBe(includedVatPence(priced.totalPence));
      }),
    );
  });

  it("is stable: the same cart in any order gives the same figures, every time", () => {
    fc.assert(
      fc.property(lines, options, (cart, settings) => {
        const once = priceOrder(cart, settings);
        expect(priceOrder([...cart].reverse(), settings)).toEqual(once);
        expect(priceOrder(cart, settings)).toEqual(once);
      }),
    );
  });

  it("refuses a fractional or negative price or quantity instead of pricing it", () => {
    const bad = fc.oneof(
      fc.double({ noNaN: true, min: -1e6, max: 1e6 }).filter((n) => !Number.isInteger(n)),
      fc.integer({ min: -1_000_000, max: -1 }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY),
    );
    fc.assert(
      fc.property(bad, options, (value, settings) => {
        expect(() => priceOrder([{ unitPricePence: value, quantity: 1 }], settings)).toThrow(
          RangeError,
        );
        expect(() => priceOrder([{ unitPricePence: 100, quantity: value }], settings)).toThrow(
          RangeError,
        );
      }),
    );
  });
});
