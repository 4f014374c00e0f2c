import { z } from "zod";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "../../common/seo";

// What the admin writes for search engines about a product or a category (docs/admin.md): a title
// and a description, each optional. Left empty, the page's name and text stand in, so an empty
// field is saved as none. Left out of an edit (an older form, a script), nothing changes.

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => (text === "" ? null : text))
    .nullable()
    .optional();

export const seoInputFields = {
  seoTitle: optionalText(SEO_TITLE_MAX, `Keep the search title under ${SEO_TITLE_MAX} characters.`),
  seoDescription: optionalText(
    SEO_DESCRIPTION_MAX,
    `Keep the search description under ${SEO_DESCRIPTION_MAX} characters.`,
  ),
};

/** The form's two fields, as text (absent from a form that has none; null is the editor's none). */
export const seoFormFields = {
  seoTitle: z.string().max(1000).nullable().optional(),
  seoDescription: z.string().max(2000).nullable().optional(),
};
