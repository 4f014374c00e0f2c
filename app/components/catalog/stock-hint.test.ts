import { describe, expect, it } from "vitest";
import { stockHint } from "./stock-hint";

const variant = (stockQuantity: number, maxPerOrder = 10) => ({ stockQuantity, maxPerOrder });

describe("stockHint", () => {
  it("says how many are in stock below the band", () => {
    expect(stockHint(variant(12), 1)).toEqual({ text: "12 in stock!", tone: "ok" });
  });

  it("says only 'In stock!' at or above the band, whose figure is not the real one", () => {
    expect(stockHint(variant(20), 1)).toEqual({ text: "In stock!", tone: "ok" });
  });

  it("says out of stock at zero", () => {
    expect(stockHint(variant(0), 1)).toEqual({ text: "Out of stock.", tone: "warn" });
  });

  it("warns when more are asked for than there are", () => {
    expect(stockHint(variant(3), 4)).toEqual({
      text: "Not enough stock. Only 3 left.",
      tone: "warn",
    });
  });

  it("warns when more are asked for than one order may take", () => {
    expect(stockHint(variant(20), 11)).toEqual({
      text: "You can buy at most 10 in one order.",
      tone: "warn",
    });
  });

  it("accepts asking for exactly the stock", () => {
    expect(stockHint(variant(3), 3).tone).toBe("ok");
  });
});
