import { describe, expect, it } from "vitest";
import { includedVatPence, priceOrder, priceWithDiscounts, roundHalfUp } from "./pricing";

const flat = {
  shippingFlatRatePence: 399,
  freeShippingOverPence: 5000,
  firstOrderDiscountPercent: 10,
};

describe("roundHalfUp", () => {
  it("rounds halves up and everything else to the nearest penny", () => {
    expect(roundHalfUp(45, 10, 100)).toBe(5); // 4.5 -> 5
    expect(roundHalfUp(44, 10, 100)).toBe(4); // 4.4 -> 4
    expect(roundHalfUp(46, 10, 100)).toBe(5); // 4.6 -> 5
    expect(roundHalfUp(3, 1, 2)).toBe(2); // 1.5 -> 2
    expect(roundHalfUp(0, 10, 100)).toBe(0);
  });

  it("is exact where floating point is not", () => {
    // 1.005 pounds x 100 is 100.49999... in floating point; in integers 201 x 1/2 is 100.5 -> 101.
    expect(roundHalfUp(201, 1, 2)).toBe(101);
    expect(roundHalfUp(7_999_999, 10, 100)).toBe(800_000);
  });
});

describe("includedVatPence", () => {
  it("is the 20/120 share of a VAT-inclusive amount, half up", () => {
    expect(includedVatPence(1200)).toBe(200);
    expect(includedVatPence(1499)).toBe(250); // 249.83
    expect(includedVatPence(3)).toBe(1); // 0.5 -> 1
    expect(includedVatPence(2)).toBe(0); // 0.33
    expect(includedVatPence(0)).toBe(0);
  });

  it("refuses fractions and negatives", () => {
    expect(() => includedVatPence(10.5)).toThrow(RangeError);
    expect(() => includedVatPence(-1)).toThrow(RangeError);
  });
});

describe("priceOrder", () => {
  it("charges the flat shipping rate up to £50 and nothing over it", () => {
    const under = priceOrder([{ unitPricePence: 1499, quantity: 2 }], {
      firstOrder: false,
      ...flat,
    });
    expect(under).toEqual({
      subtotalPence: 2998,
      discountPence: 0,
      shippingPence: 399,
      vatPence: includedVatPence(3397),
      totalPence: 3397,
    });
    const exactly = priceOrder([{ unitPricePence: 2500, quantity: 2 }], {
      firstOrder: false,
      ...flat,
    });
    expect(exactly.shippingPence).toBe(399);
    expect(exactly.totalPence).toBe(5399);
    const over = priceOrder([{ unitPricePence: 5001, quantity: 1 }], {
      firstOrder: false,
      ...flat,
    });
    expect(over.shippingPence).toBe(0);
    expect(over.totalPence).toBe(5001);
  });

  it("takes 10% off a first order and decides shipping on the discounted subtotal", () => {
    // £54.98 less £5.50 is £49.48: not over £50, so shipping is charged.
    const first = priceOrder(
      [
        { unitPricePence: 3999, quantity: 1 },
        { unitPricePence: 1499, quantity: 1 },
      ],
      { firstOrder: true, ...flat },
    );
    expect(first.subtotalPence).toBe(5498);
    expect(first.discountPence).toBe(550); // 549.8 -> 550
    expect(first.shippingPence).toBe(399);
    expect(first.totalPence).toBe(5498 - 550 + 399);
    expect(first.vatPence).toBe(includedVatPence(first.totalPence));

    const big = priceOrder([{ unitPricePence: 7998, quantity: 1 }], { firstOrder: true, ...flat });
    expect(big).toMatchObject({ discountPence: 800, shippingPence: 0, totalPence: 7198 });
  });

  it("rounds the discount half up", () => {
    const half = priceOrder([{ unitPricePence: 45, quantity: 1 }], { firstOrder: true, ...flat });
    expect(half.discountPence).toBe(5);
  });

  it("prices an empty order at nothing and refuses bad amounts", () => {
    expect(priceOrder([], { firstOrder: true, ...flat })).toEqual({
      subtotalPence: 0,
      discountPence: 0,
      shippingPence: 0,
      vatPence: 0,
      totalPence: 0,
    });
    expect(() =>
      priceOrder([{ unitPricePence: 9.99, quantity: 1 }], { firstOrder: false, ...flat }),
    ).toThrow(RangeError);
    expect(() =>
      priceOrder([{ unitPricePence: 999, quantity: -1 }], { firstOrder: false, ...flat }),
    ).toThrow(RangeError);
  });

  it("follows the shop's own threshold and discount", () => {
    const settings = {
      shippingFlatRatePence: 250,
      freeShippingOverPence: 3000,
      firstOrderDiscountPercent: 15,
    };
    // 2 x £19.99 = £39.98; 15% is 599.7p, so £6.00 off; £33.98 is over £30: free.
    expect(
      priceOrder([{ unitPricePence: 1999, quantity: 2 }], { firstOrder: true, ...settings }),
    ).toEqual({
      subtotalPence: 3998,
      discountPence: 600,
      shippingPence: 0,
      vatPence: 566,
      totalPence: 3398,
    });
    // £29.99 is not over £30: the shop's own flat rate.
    expect(
      priceOrder([{ unitPricePence: 2999, quantity: 1 }], { firstOrder: false, ...settings })
        .shippingPence,
    ).toBe(250);
  });

  it("charges the chosen delivery: its price, free over its threshold or never free", () => {
    const express = { pricePence: 599, freeOverPence: null };
    // £120 is far over the standard threshold: express still costs its price.
    expect(
      priceOrder([{ unitPricePence: 12_000, quantity: 1 }], {
        firstOrder: false,
        ...flat,
        delivery: express,
      }),
    ).toMatchObject({ shippingPence: 599, totalPence: 12_599 });
    const overHundred = { pricePence: 499, freeOverPence: 10_000 };
    expect(
      priceOrder([{ unitPricePence: 10_000, quantity: 1 }], {
        firstOrder: false,
        ...flat,
        delivery: overHundred,
      }).shippingPence,
    ).toBe(499);
    expect(
      priceOrder([{ unitPricePence: 10_001, quantity: 1 }], {
        firstOrder: false,
        ...flat,
        delivery: overHundred,
      }).shippingPence,
    ).toBe(0);
  });
});

describe("priceWithDiscounts", () => {
  const lines = [{ unitPricePence: 2000, quantity: 2 }];
  it("takes a percentage or an amount off the code's items only", () => {
    const tenOffHalf = { kind: "percent" as const, percentOff: 10, eligiblePence: 2000 };
    expect(priceWithDiscounts(lines, { firstOrder: false, ...flat }, { code: tenOffHalf })).toEqual(
      {
        pricing: expect.objectContaining({
          discountPence: 200,
          shippingPence: 399,
          totalPence: 4199,
        }),
        codeApplied: true,
        offer: null,
      },
    );
    // £25 off items worth £20: £20, no more.
    const fixed = { kind: "fixed" as const, amountOffPence: 2500, eligiblePence: 2000 };
    expect(
      priceWithDiscounts(lines, { firstOrder: false, ...flat }, { code: fixed }).pricing
        .discountPence,
    ).toBe(2000);
  });

  it("gives free delivery on any method", () => {
    const express = { pricePence: 599, freeOverPence: null };
    const result = priceWithDiscounts(
      lines,
      { firstOrder: false, ...flat, delivery: express },
      { code: { kind: "free_delivery" } },
    );
    expect(result.pricing).toMatchObject({ discountPence: 0, shippingPence: 0, totalPence: 4000 });
  });

  it("takes the better of the code and the first-order discount, never both", () => {
    // First order: 10% of £40 is £4.00, £3.99 delivery: £39.99.
    const small = { kind: "fixed" as const, amountOffPence: 300, eligiblePence: 4000 };
    expect(priceWithDiscounts(lines, { firstOrder: true, ...flat }, { code: small })).toMatchObject(
      {
        pricing: { discountPence: 400, totalPence: 3999 },
        codeApplied: false,
      },
    );
    const big = { kind: "percent" as const, percentOff: 25, eligiblePence: 4000 };
    expect(priceWithDiscounts(lines, { firstOrder: true, ...flat }, { code: big })).toMatchObject({
      pricing: { discountPence: 1000, totalPence: 3399 },
      codeApplied: true,
    });
    // A tie keeps the first-order discount: the code's use is not spent.
    const same = { kind: "fixed" as const, amountOffPence: 400, eligiblePence: 4000 };
    expect(
      priceWithDiscounts(lines, { firstOrder: true, ...flat }, { code: same }).codeApplied,
    ).toBe(false);
  });
});

describe("automatic offers", () => {
  const strips = { productId: "prod1", unitPricePence: 2499, quantity: 3 };
  const threeForTwo = {
    id: "offer1",
    version: 1,
    title: "3 for 2 on strips",
    endsAt: null,
    kind: "buy_get" as const,
    buyQuantity: 2,
    getQuantity: 1,
    percentOff: 100,
    productIds: ["prod1"],
  };

  it("take their saving off before delivery, which counts the discounted goods", () => {
    // £74.97 less one kit free: £49.98, not over £50: delivery is charged.
    const result = priceWithDiscounts(
      [strips],
      { firstOrder: false, ...flat },
      {
        code: null,
        offers: [threeForTwo],
      },
    );
    expect(result).toMatchObject({
      pricing: { discountPence: 2499, shippingPence: 399, totalPence: 5397 },
      codeApplied: false,
      offer: { id: "offer1" },
    });
  });

  it("never add up with a code or the first-order discount: the one saving most wins", () => {
    // First order: 10% of £74.97 is £7.50; the offer's £24.99 saves more.
    expect(
      priceWithDiscounts(
        [strips],
        { firstOrder: true, ...flat },
        { code: null, offers: [threeForTwo] },
      ).offer?.id,
    ).toBe("offer1");
    // A code for 50% off (£37.49) beats the offer.
    const half = { kind: "percent" as const, percentOff: 50, eligiblePence: 7497 };
    expect(
      priceWithDiscounts(
        [strips],
        { firstOrder: true, ...flat },
        { code: half, offers: [threeForTwo] },
      ),
    ).toMatchObject({ codeApplied: true, offer: null, pricing: { discountPence: 3749 } });
    // A code saving the same as the offer: the offer, and the code is kept for later.
    const same = { kind: "fixed" as const, amountOffPence: 2499, eligiblePence: 7497 };
    expect(
      priceWithDiscounts(
        [strips],
        { firstOrder: false, ...flat },
        { code: same, offers: [threeForTwo] },
      ),
    ).toMatchObject({ codeApplied: false, offer: { id: "offer1" } });
    // Two kits only: the offer does not apply, and the first-order discount stays.
    expect(
      priceWithDiscounts(
        [{ ...strips, quantity: 2 }],
        { firstOrder: true, ...flat },
        {
          code: null,
          offers: [threeForTwo],
        },
      ),
    ).toMatchObject({ offer: null, pricing: { discountPence: 500 } });
  });
});

describe("gift cards bought", () => {
  const paste = { unitPricePence: 2000, quantity: 1 };
  const card = { unitPricePence: 5000, quantity: 1, giftCard: true };

  it("are in the total at face value, undiscounted, with no VAT and no delivery of their own", () => {
    expect(priceOrder([card], { ...flat, firstOrder: true })).toEqual({
      subtotalPence: 5000,
      discountPence: 0,
      shippingPence: 0,
      vatPence: 0,
      totalPence: 5000,
    });
  });

  it("count towards no free-shipping threshold and no discount", () => {
    // £20.00 of goods, 10% off: £18.00, shipping £3.99 (the card's £50 does not make it free).
    expect(priceOrder([paste, card], { ...flat, firstOrder: true })).toEqual({
      subtotalPence: 7000,
      discountPence: 200,
      shippingPence: 399,
      vatPence: includedVatPence(1800 + 399),
      totalPence: 1800 + 399 + 5000,
    });
  });
});
