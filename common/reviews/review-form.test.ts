import { describe, expect, it } from "vitest";
import { reviewForm } from "./review-form";

describe("a review's fields", () => {
  it("takes 1-5 stars, a title and at least ten characters of text", () => {
    expect(reviewForm.parse({ rating: "4", title: " Great ", body: "Whiter in a week." })).toEqual({
      rating: 4,
      title: "Great",
      body: "Whiter in a week.",
    });
    for (const rating of ["0", "6", "4.5", "", "five"]) {
      expect(reviewForm.safeParse({ rating, title: "t", body: "Whiter in a week." }).success).toBe(
        false,
      );
    }
    expect(
      reviewForm.safeParse({ rating: 3, title: "   ", body: "Whiter in a week." }).error?.issues[0]
        ?.message,
    ).toBe("Please give your review a title.");
    expect(
      reviewForm.safeParse({ rating: 3, title: "t", body: "too short" }).error?.issues[0]?.message,
    ).toBe("Please write at least 10 characters.");
    expect(
      reviewForm.safeParse({ rating: 3, title: "x".repeat(121), body: "Whiter in a week." })
        .success,
    ).toBe(false);
    expect(reviewForm.safeParse({ rating: 3, title: "t", body: "x".repeat(4001) }).success).toBe(
      false,
    );
  });

  it("keeps line breaks in the text but no other control characters; the title on one line", () => {
    const parsed = reviewForm.parse({
      rating: 5,
      title: "Two\nlines\u0007",
      body: "First line\r\nsecond\u0000 line\tend",
    });
    expect(parsed.title).toBe("Two lines");
    expect(parsed.body).toBe("First line\nsecond lineend");
  });
});
