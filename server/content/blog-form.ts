import { z } from "zod";
import { openedVersionField } from "../audit/stale-save";
import { seoFormFields, seoInputFields } from "../catalog/seo-input";

// The admin's blog post form (dashboard.admin-blog-post) as the blog's input: every field checked
// here, the HTML sanitised and its images checked by the service (blog-posts.ts).

export const BLOG_MESSAGES = {
  slugTaken: "Another post uses this address: choose another.",
  notFound: "This post no longer exists.",
  changed: "This post changed since you opened it. Reload it to see the changes.",
  publishAt: "Choose the day and time to publish, in UK time.",
  imageAlt: "Describe each image in the text for people who cannot see it.",
  unknownImage: "Choose one of the shop's images or upload a new one.",
} as const;

/** A local date and time as a datetime-local field sends it: "2026-12-01T09:30". */
const LOCAL_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const publishChoices = ["draft", "now", "at"] as const;

const postFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Give the post a title.")
    .max(150, "Keep the title under 150 characters."),
  slug: z
    .string()
    .trim()
    .min(1, "Give the post an address.")
    .max(80, "Keep the address under 80 characters.")
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      "An address is lower-case letters, digits and single dashes.",
    ),
  excerpt: z
    .string()
    .trim()
    .min(1, "Write the excerpt shown on the blog's list.")
    .max(300, "Keep the excerpt under 300 characters."),
  bodyHtml: z
    .string()
    .max(100_000, "Keep the text under 100,000 characters.")
    .refine((html) => html.replace(/<[^>]*>/g, "").trim() !== "", "Write the post's text."),
  coverImageUrl: z.string().trim().min(1, BLOG_MESSAGES.unknownImage).max(200),
  coverImageAlt: z
    .string()
    .trim()
    .min(1, "Describe the cover image for people who cannot see it.")
    .max(200, "Keep the description under 200 characters."),
  ...seoInputFields,
  publish: z.enum(publishChoices),
  /** With `at`: when, in the shop's time (London). */
  publishAt: z.string().trim().max(20).optional(),
});

/** What the service saves: the form's fields, checked. */
export type BlogPostInput = z.output<typeof postFields>;

/** The form as sent, with the version opened and a new cover image, if one was chosen. */
export const blogPostFormSchema = z
  .object({
    id: z.string().trim().max(64).optional(),
    version: openedVersionField,
    title: z.string(),
    slug: z.string(),
    excerpt: z.string(),
    bodyHtml: z.string(),
    coverImageUrl: z.string().max(200),
    coverImageAlt: z.string(),
    ...seoFormFields,
    publish: z.string().max(10),
    publishAt: z.string().max(40).optional(),
    /** A new cover, when one was chosen (an empty file input sends a nameless empty file). */
    coverFile: z
      .instanceof(File)
      .optional()
      .transform((file) => (file && file.size > 0 ? file : null)),
  })
  .transform((form, context) => {
    const { id, version, coverFile, ...fields } = form;
    const checked = postFields.safeParse(fields);
    if (!checked.success) {
      for (const issue of checked.error.issues) context.addIssue({ ...issue, code: "custom" });
      return z.NEVER;
    }
    if (checked.data.publish === "at" && !LOCAL_MOMENT.test(checked.data.publishAt ?? "")) {
      context.addIssue({ code: "custom", path: ["publishAt"], message: BLOG_MESSAGES.publishAt });
      return z.NEVER;
    }
    return { id: id || undefined, version, coverFile, post: checked.data };
  });

const postId = z.string().trim().min(1).max(64);

/** Taking a post off the blog (back to a draft), or deleting it. */
export const blogPostIdSchema = z.object({ id: postId });
