import type { RatingSummary } from "./ratings";

// Reviews as pages show them: produced by server/reviews, shown by app/components/reviews.

export type ReviewView = {
  id: string;
  rating: number;
  title: string;
  /** Plain text with line breaks; shown as text, never as HTML. */
  body: string;
  /** The reviewer's first name. */
  reviewer: string;
  createdAt: Date;
  /**
   * The day it was written as the page shows it ("25 November 2026", the shop's time zone),
   * written by the server: the browser then needs no date formatter of its own (common/numbers.ts
   * says what making one costs).
   */
  createdOn: string;
  /** Edited after it was first written. */
  edited: boolean;
};

export type ProductReviewsView = {
  /** Null when the product has no visible review. */
  rating: RatingSummary | null;
  /** Visible reviews per star, index 0 for one star. */
  distribution: [number, number, number, number, number];
  reviews: ReviewView[];
  /** The star filter in force, or null for every review. */
  stars: number | null;
  /** Reviews matching the star filter. */
  matching: number;
  page: number;
  pageCount: number;
};
