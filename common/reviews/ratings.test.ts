import { describe, expect, it } from "vitest";
import { ratingLabel, ratingOf, reviewCount, reviewerName } from "./ratings";

describe("a product's rating", () => {
  it("is the average to one decimal, or nothing without reviews", () => {
    expect(ratingOf(0, 0)).toBeNull();
    expect(ratingOf(3, 14)).toEqual({ average: 4.7, count: 3 });
    expect(ratingOf(1, 5)).toEqual({ average: 5, count: 1 });
  });

  it("names the reviewer by first name only", () => {
    expect(reviewerName("Ada Lovelace")).toBe("Ada");
    expect(reviewerName("  Cher ")).toBe("Cher");
    expect(reviewerName("")).toBe("A customer");
  });

  it("says the rating in words for screen readers", () => {
    expect(ratingLabel(4.6)).toBe("Rated 4.6 out of 5");
    expect(ratingLabel(4)).toBe("Rated 4 out of 5");
    expect(reviewCount(1)).toBe("1 review");
    expect(reviewCount(12)).toBe("12 reviews");
  });
});
