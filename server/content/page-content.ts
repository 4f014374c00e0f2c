import { z } from "zod";
import type { PageContents, PageKey } from "../../common/content/pages";
import { sanitizeContentHtml } from "./content-html";

// What each of the shop's pages holds, checked at every boundary: the admin's form, a stored
// version read back, a restore. A page's HTML is sanitised by its schema (on save, and again on
// every read), so no path stores or shows anything else.

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Write the ${label}.`)
    .max(max, `Keep the ${label} under ${max.toLocaleString("en-GB")} characters.`);

const html = (label: string, max: number) =>
  z
    .string()
    .max(max, `Keep the ${label} under ${max.toLocaleString("en-GB")} characters.`)
    .transform(sanitizeContentHtml)
    .refine((cleaned) => cleaned.replace(/<[^>]*>/g, "").trim() !== "", `Write the ${label}.`);

const homeContent = z.object({
  heroTitle: text("hero's title", 120),
  heroText: text("hero's text", 400),
  announcements: z
    .array(text("announcement", 80))
    .length(3, "The announcement bar shows three messages.")
    // Each is its own slide on a phone.
    .refine(
      (messages) => new Set(messages).size === messages.length,
      "Write three different messages.",
    ),
});

const aboutContent = z.object({
  title: text("title", 120),
  lead: text("introduction", 300),
  storyHtml: html("story", 20_000),
  values: z
    .array(z.object({ title: text("value's name", 60), text: text("value's text", 300) }))
    .length(4, "The page shows four values."),
});

const faqContent = z.object({
  title: text("title", 120),
  questions: z
    .array(
      z.object({
        question: text("question", 200),
        answerHtml: html("answer", 4_000),
      }),
    )
    .min(1, "Keep at least one question.")
    .max(30, "Keep to 30 questions."),
});

const policyContent = z.object({
  title: text("title", 120),
  bodyHtml: html("text", 60_000),
});

export const pageContentSchemas = {
  home: homeContent,
  about: aboutContent,
  faq: faqContent,
  "shipping-returns": policyContent,
  "terms-of-service": policyContent,
  "privacy-policy": policyContent,
} as const satisfies { [K in PageKey]: z.ZodType<PageContents[K], unknown> };

export type PageContent<K extends PageKey> = PageContents[K];
