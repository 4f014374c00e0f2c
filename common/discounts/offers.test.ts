import { describe, expect, it } from "vitest";
import { type AutomaticOffer, offerSavingPence, offerShowsOn, offerTerms } from "./offers";

const base = { id: "o", version: 1, title: "Offer", endsAt: null };
const buyTwoGetOneHalf: AutomaticOffer = {
  ...base,
  kind: "buy_get",
  buyQuantity: 2,
  getQuantity: 1,
  percentOff: 50,
  productIds: ["strips", "paste"],
};
const freePen: AutomaticOffer = {
  ...base,
  kind: "spend_get",
  spendOverPence: 5000,
  giftProductId: "pen",
  giftProductName: "Whitening Pen",
};

describe("offerSavingPence", () => {
  it("takes the percentage off the cheapest units of each full group, any mix of its products", () => {
    const lines = [
      { productId: "strips", unitPricePence: 2499, quantity: 2 },
      { productId: "paste", unitPricePence: 1299, quantity: 1 },
      { productId: "pen", unitPricePence: 1999, quantity: 5 },
    ];
    // One group of three (the pen is not in the offer): half of the paste, 649.5p rounds up.
    expect(offerSavingPence(buyTwoGetOneHalf, lines)).toBe(650);
    // Six units: two groups, the two cheapest half off.
    expect(
      offerSavingPence(buyTwoGetOneHalf, [
        { productId: "strips", unitPricePence: 2499, quantity: 4 },
        { productId: "paste", unitPricePence: 1299, quantity: 2 },
      ]),
    ).toBe(1299);
    // Two units make no group.
    expect(offerSavingPence(buyTwoGetOneHalf, lines.slice(0, 1))).toBe(0);
  });

  it("gives one unit of the gift free only when the rest is strictly over the spend", () => {
    const pen = { productId: "pen", unitPricePence: 1999, quantity: 1 };
    const strips = (pence: number) => ({ productId: "strips", unitPricePence: pence, quantity: 1 });
    expect(offerSavingPence(freePen, [strips(5001), pen])).toBe(1999);
    expect(offerSavingPence(freePen, [strips(5000), pen])).toBe(0);
    // No pen in the cart: nothing free (the shopper adds it).
    expect(offerSavingPence(freePen, [strips(9000)])).toBe(0);
    // Two pens: one is free, the other counts towards the spend.
    expect(offerSavingPence(freePen, [strips(3100), { ...pen, quantity: 2 }])).toBe(1999);
  });

  it("never counts gift cards bought", () => {
    const card = { unitPricePence: 10_000, quantity: 1, giftCard: true };
    expect(
      offerSavingPence(freePen, [card, { productId: "pen", unitPricePence: 1999, quantity: 1 }]),
    ).toBe(0);
  });
});

describe("offerTerms", () => {
  it("says the terms in the shopper's words", () => {
    expect(offerTerms(buyTwoGetOneHalf)).toBe("Buy 2, get 1 at 50% off");
    expect(offerTerms({ ...buyTwoGetOneHalf, percentOff: 100 })).toBe("Buy 2, get 1 free");
    expect(offerTerms(freePen)).toBe("Free with orders over £50");
    expect(offerShowsOn(freePen, "pen")).toBe(true);
    expect(offerShowsOn(buyTwoGetOneHalf, "pen")).toBe(false);
  });
});
