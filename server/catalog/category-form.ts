import { z } from "zod";
import { openedVersionField } from "../audit/stale-save";
import { categoryInputSchema } from "./category-editor";
import { seoFormFields } from "./seo-input";

// The admin's category form (app/components/admin/category-form.tsx) as the editor's input: text
// fields, the position a whole number. What the values must be is the editor's schema
// (server/catalog/category-editor.ts), so its messages show beside the fields.

export const categoryIdSchema = z.string().min(1).max(100);

export const categoryFormSchema = z
  .object({
    id: categoryIdSchema.optional(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    // Not a whole number: -1, which the schema refuses with its message.
    position: z
      .string()
      .trim()
      .transform((text) => (/^\d{1,4}$/.test(text) ? Number(text) : -1)),
    ...seoFormFields,
    version: openedVersionField,
  })
  .pipe(categoryInputSchema.extend({ id: categoryIdSchema.optional() }));
