import { describe, expect, it } from "vitest";
import { reviewAnswerMessage } from "./review-answer";

describe("reviewAnswerMessage", () => {
  it("says a report was taken, or why not", () => {
    expect(reviewAnswerMessage({ intent: "report", ok: true })).toEqual({
      title: "Review reported",
      description: "Thank you: we will take a look.",
      tone: "default",
    });
    expect(
      reviewAnswerMessage({
        intent: "report",
        ok: false,
        message: "You have already reported this review.",
      }),
    ).toEqual({
      title: "Review not reported",
      description: "You have already reported this review.",
      tone: "error",
    });
  });

  it("says a review was saved or deleted, or why not", () => {
    expect(reviewAnswerMessage({ intent: "review", ok: true })).toEqual({
      title: "Review saved",
      description: "Thank you for sharing what you think.",
      tone: "default",
    });
    expect(reviewAnswerMessage({ intent: "delete-review", ok: true })).toEqual({
      title: "Review deleted",
      tone: "default",
    });
    expect(reviewAnswerMessage({ intent: "review", ok: false })).toEqual({
      title: "Review not saved",
      description: "Something went wrong",
      tone: "error",
    });
  });
});
