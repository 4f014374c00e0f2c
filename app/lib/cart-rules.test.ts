import { describe, expect, it } from "vitest";
import { canAddToCart } from "./cart-rules";

describe("canAddToCart", () => {
  it("allows a quantity within stock", () => {
    expect(canAddToCart({ stockQuantity: 5 }, 1)).toBe(true);
    expect(canAddToCart({ stockQuantity: 5 }, 5)).toBe(true);
  });

  it("refuses without a variant", () => {
    expect(canAddToCart(null, 1)).toBe(false);
    expect(canAddToCart(undefined, 1)).toBe(false);
  });

  it("refuses when the variant is out of stock", () => {
    expect(canAddToCart({ stockQuantity: 0 }, 1)).toBe(false);
  });

  it("refuses more than the stock", () => {
    expect(canAddToCart({ stockQuantity: 2 }, 3)).toBe(false);
  });

  it("refuses a quantity below one or not whole", () => {
    expect(canAddToCart({ stockQuantity: 5 }, 0)).toBe(false);
    expect(canAddToCart({ stockQuantity: 5 }, 1.5)).toBe(false);
  });
});
