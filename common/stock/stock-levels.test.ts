import { describe, expect, it } from "vitest";
import { publicStock, purchaseLimit, STOCK_BAND } from "./stock-levels";

describe("stock levels", () => {
  it("publishes exact stock below the band and the band above it", () => {
    expect(publicStock(0)).toBe(0);
    expect(publicStock(7)).toBe(7);
    expect(publicStock(STOCK_BAND)).toBe(STOCK_BAND);
    expect(publicStock(999)).toBe(STOCK_BAND);
  });

  it("lets one order take the smaller of the stock and the variant's limit", () => {
    expect(purchaseLimit({ stockQuantity: 200, maxPerOrder: 10 })).toBe(10);
    expect(purchaseLimit({ stockQuantity: 3, maxPerOrder: 10 })).toBe(3);
    expect(purchaseLimit({ stockQuantity: 0, maxPerOrder: 10 })).toBe(0);
  });
});
