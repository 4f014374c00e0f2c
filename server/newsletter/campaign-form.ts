import { z } from "zod";
import { openedVersionField } from "../audit/stale-save";

// The admin's campaign forms (dashboard.admin-campaign) as the campaign service's input.

const campaignId = z.string().trim().min(1).max(64);

/** A draft: its subject, its text (HTML from the editor, sanitised on save) and one product. */
export const campaignFormSchema = z.object({
  id: campaignId.optional(),
  version: openedVersionField,
  subject: z
    .string()
    .trim()
    .min(1, "Give the campaign a subject.")
    .max(150, "Keep the subject under 150 characters."),
  bodyHtml: z
    .string()
    .trim()
    .min(1, "Write the campaign's text.")
    .max(50_000, "Keep the text under 50,000 characters."),
  // The product picker sends the chosen slugs separated by commas: the block shows one.
  productSlugs: z
    .string()
    .max(2000)
    .optional()
    .transform((text) => (text ?? "").split(",").map((slug) => slug.trim().toLowerCase()))
    .transform((slugs) => slugs.filter(Boolean))
    .refine((slugs) => slugs.length <= 1, "Choose one product for the block."),
});

/** Sending: the campaign and the version the admin confirmed. */
export const sendCampaignFormSchema = z.object({
  id: campaignId,
  version: z
    .string()
    .regex(/^\d{1,9}$/, "Reload the page and try again.")
    .transform(Number),
});

/** A test to the admin's own address. */
export const testCampaignFormSchema = z.object({ id: campaignId });
