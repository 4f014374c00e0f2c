import { describe, expect, it } from "vitest";
import { stockHint } from "./stock-hint";

describe("stockHint", () => {
  it("says how many are in stock", () => {
    expect(stockHint(12, 1)).toEqual({ text: "12 in stock!", tone: "ok" });
  });

  it("says out of stock at zero", () => {
    expect(stockHint(0, 1)).toEqual({ text: "Out of stock.", tone: "warn" });
  });

  it("warns when more are asked for than there are", () => {
    expect(stockHint(3, 4)).toEqual({ text: "Not enough stock. Only 3 left.", tone: "warn" });
  });

  it("accepts asking for exactly the stock", () => {
    expect(stockHint(3, 3).tone).toBe("ok");
  });
});
