import { describe, expect, it } from "vitest";
import { isCurrentPath } from "./shop-link";

describe("isCurrentPath", () => {
  it("marks the same path, in any case, and the pages below it", () => {
    expect(isCurrentPath("/store", "/store", false)).toBe(true);
    expect(isCurrentPath("/Store/Toothpaste", "/store", false)).toBe(true);
    expect(isCurrentPath("/dashboard/admin-orders/o-1", "/dashboard/admin-orders", false)).toBe(
      true,
    );
  });

  it("an `end` link only on its own page; a look-alike prefix never", () => {
    expect(isCurrentPath("/dashboard/analytics", "/dashboard", true)).toBe(false);
    expect(isCurrentPath("/dashboard", "/dashboard", true)).toBe(true);
    expect(isCurrentPath("/about", "/", true)).toBe(false);
    expect(isCurrentPath("/", "/", true)).toBe(true);
    expect(isCurrentPath("/storefront", "/store", false)).toBe(false);
  });
});
