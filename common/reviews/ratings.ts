// Ratings and reviews as every page shows them: the limits, the wording and the
// average. No schema library here: cards and the product page import it on first load.

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 4000;
export const REVIEWS_PAGE_SIZE = 10;

/** The refusal for anyone who has not bought the product (server and page say the same). */
export const NOT_A_BUYER = "Only customers who bought this product can review it.";

/** A product's rating as cards and the product page show it: null when it has no review. */
export type RatingSummary = { average: number; count: number };

/** The average to one decimal (4.6), from the count and star total kept on the product. */
export function ratingOf(count: number, starTotal: number): RatingSummary | null {
  if (count <= 0) return null;
  return { average: Math.round((starTotal / count) * 10) / 10, count };
}

/** "Rated 4.6 out of 5": what screen readers hear for stars. */
export function ratingLabel(average: number): string {
  return `Rated ${Number.isInteger(average) ? average : average.toFixed(1)} out of 5`;
}

/** "1 review", "12 reviews". */
export function reviewCount(count: number): string {
  return `${count} ${count === 1 ? "review" : "reviews"}`;
}

/** What a review shows of its writer: the first name only. */
export function reviewerName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || "A customer";
}
