import { z } from "zod";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from "./ratings";

// A review's fields, checked by the browser (required, maxlength) and again by the
// server with this schema. The text is kept as typed and always shown as text.

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

/** The admin hides or shows a review, always with a reason (kept in the audit log). */
export const moderationForm = z.object({
  reviewId: z.string().min(1).max(64),
  reason: z
    .string()
    .trim()
    .min(1, "Please give a reason.")
    .max(500, "Please keep the reason under 500 characters."),
});
