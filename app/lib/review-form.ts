import { z } from "zod";

// A review's fields (issue 13), checked by the browser (required, maxlength) and again by the
// server with this schema. The text is kept as typed and always shown as text.

const REVIEW_TITLE_MAX = 120;
const REVIEW_BODY_MIN = 10;
const REVIEW_BODY_MAX = 4000;
export const REVIEWS_PAGE_SIZE = 10;

/** Letters and digits without control characters (line breaks allowed in the body). */
function cleanText(value: string, keepLineBreaks: boolean): string {
  const withoutControls = value.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    keepLineBreaks ? /[\u0000-\u0009\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g,
    keepLineBreaks ? "" : " ",
  );
  return withoutControls.replace(/\r\n?/g, "\n").trim();
}

export const reviewForm = z.object({
  rating: z.coerce
    .number({ error: "Please choose a star rating." })
    .int("Please choose a star rating.")
    .min(1, "Please choose a star rating.")
    .max(5, "Please choose a star rating."),
  title: z
    .string()
    .transform((value) => cleanText(value, false))
    .pipe(
      z
        .string()
        .min(1, "Please give your review a title.")
        .max(REVIEW_TITLE_MAX, `Please keep the title to ${REVIEW_TITLE_MAX} characters.`),
    ),
  body: z
    .string()
    .transform((value) => cleanText(value, true))
    .pipe(
      z
        .string()
        .min(REVIEW_BODY_MIN, `Please write at least ${REVIEW_BODY_MIN} characters.`)
        .max(REVIEW_BODY_MAX, `Please keep your review to ${REVIEW_BODY_MAX} characters.`),
    ),
});
export type ReviewInput = z.infer<typeof reviewForm>;

/** A product's rating as cards and the product page show it: null when it has no review. */
export type RatingSummary = { average: number; count: number };

/** The average to one decimal (4.6), from the count and star total kept on the product. */
export function ratingOf(count: number, starTotal: number): RatingSummary | null {
  if (count <= 0) return null;
  return { average: Math.round((starTotal / count) * 10) / 10, count };
}

/** What a review shows of its writer: the first name only. */
export function reviewerName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || "A customer";
}
