import { z } from "zod";
import type { CropFocus } from "../../common/catalog/product-images";
import { parsePounds } from "../../common/money";
import { openedVersionField } from "../audit/stale-save";
import { productFields, productInputSchema } from "./product-input";
import { seoFormFields } from "./seo-input";

// The admin's product form (app/components/admin/product-editor.tsx) as the editor's input: the
// variants come as one JSON field of text values; prices in pounds become pence; a new image comes
// as a file, which the route checks and resizes (server/media) before saving. What the values
// must be is the editor's schema (server/catalog/product-editor.ts).

const variantFields = z.object({
  id: z.string().optional(),
  name: z.string(),
  price: z.string(),
  compareAt: z.string(),
  startingStock: z.string(),
  optionValues: z.array(z.string()).max(3).optional(),
  sku: z.string().max(200).optional(),
  barcode: z.string().max(200).optional(),
  /** Grams, as typed: blank for none. */
  grams: z.string().max(20).optional(),
  /** One of the product's pictures; blank for the main one. */
  imageUrl: z.string().max(300).optional(),
});

/** Pence from a price typed in pounds; null (and the reason added) when it is not one. */
function pence(text: string, context: z.RefinementCtx, path: (string | number)[], label: string) {
  const value = parsePounds(text);
  if (value === null) {
    context.addIssue({ code: "custom", message: `${label}: enter pounds, such as 12.50.`, path });
  }
  return value;
}

export const productFormSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    descriptionHtml: z.string(),
    imageUrl: z.string(),
    imageAlt: z.string(),
    /** A new image, when one was chosen (an empty file input sends a nameless empty file). */
    imageFile: z
      .instanceof(File)
      .optional()
      .transform((file) => (file && file.size > 0 ? file : null)),
    /** Where the new image's square is cut from, in percent across and down (the preview's). */
    imageFocusX: z.string().max(10).optional(),
    imageFocusY: z.string().max(10).optional(),
    variants: z.string().max(200_000),
    /** The pictures after the main one, as one JSON array of { url, alt }. */
    images: z.string().max(20_000).optional(),
    /** The options' names, as one JSON array (absent from a form without the options section). */
    optionNames: z.string().max(2_000).optional(),
    /** The category select: empty for none. */
    categoryId: z.string().max(100).optional(),
    featuredRank: z.string().max(10).optional(),
    ...seoFormFields,
    /** "Save as draft" was the button pressed (a new product's form only). */
    draft: z.literal("on").optional(),
    /** The version the editor opened (an edit's form only). */
    version: openedVersionField,
  })
  .transform((form, context) => {
    // What the form's own fields get wrong is said with the variants' mistakes, all at once: once
    // a variant cannot be read, the editor's schema below never runs to say it.
    const sayTheRest = () => {
      const rest = productFields
        .pick({
          name: true,
          slug: true,
          descriptionHtml: true,
          imageUrl: true,
          imageAlt: true,
          seoTitle: true,
          seoDescription: true,
        })
        .safeParse(form);
      for (const issue of rest.success ? [] : rest.error.issues) {
        context.addIssue({ code: "custom", message: issue.message, path: issue.path });
      }
      return z.NEVER;
    };
    let rows: unknown;
    try {
      rows = JSON.parse(form.variants);
    } catch {
      context.addIssue({
        code: "custom",
        message: "The variants could not be read.",
        path: ["variants"],
      });
      return sayTheRest();
    }
    const parsed = z.array(variantFields).max(100).safeParse(rows);
    if (!parsed.success) {
      context.addIssue({
        code: "custom",
        message: "The variants could not be read.",
        path: ["variants"],
      });
      return sayTheRest();
    }
    let unreadable = false;
    const price = (text: string, path: (string | number)[], label: string) => {
      const value = pence(text, context, path, label);
      if (value === null) unreadable = true;
      return value ?? 0;
    };
    const variants = parsed.data.map((row, index) => ({
      ...(row.id ? { id: row.id } : {}),
      name: row.name,
      pricePence: price(
        row.price.trim(),
        ["variants", index, "pricePence"],
        `Variant ${index + 1}'s price`,
      ),
      compareAtPricePence:
        row.compareAt.trim() === ""
          ? null
          : price(
              row.compareAt.trim(),
              ["variants", index, "compareAtPricePence"],
              `Variant ${index + 1}'s compare-at price`,
            ),
      startingStock: /^\d{1,6}$/.test(row.startingStock.trim()) ? Number(row.startingStock) : -1,
      optionValues: row.optionValues ?? [],
      sku: row.sku ?? null,
      barcode: row.barcode ?? null,
      grams: gramsOf(row.grams),
      imageUrl: row.imageUrl || null,
    }));
    const optionNames = jsonList(form.optionNames, optionNamesField, "optionNames", context);
    const images = jsonList(form.images, picturesField, "images", context);
    if (unreadable || optionNames === UNREADABLE || images === UNREADABLE) return sayTheRest();
    const {
      categoryId,
      featuredRank,
      draft,
      optionNames: _names,
      images: _images,
      imageFocusX,
      imageFocusY,
      ...fields
    } = form;
    const focus = focusOf(imageFocusX, imageFocusY);
    const rank = featuredRank?.trim() ?? "";
    return {
      ...fields,
      ...(categoryId === undefined ? {} : { categoryId: categoryId || null }),
      // Blank: 0. Not a whole number: -1, which the editor's schema refuses with its message.
      ...(featuredRank === undefined
        ? {}
        : { featuredRank: rank === "" ? 0 : /^\d{1,4}$/.test(rank) ? Number(rank) : -1 }),
      variants,
      ...(optionNames === undefined ? {} : { optionNames }),
      ...(images === undefined ? {} : { images }),
      imageFocus: focus,
      ...(draft ? { draft: true } : {}),
    };
  })
  .transform((form, context) => {
    const { imageFile, imageFocus, ...input } = form;
    const checked = productInputSchema.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        context.addIssue({ code: "custom", message: issue.message, path: issue.path });
      }
      return z.NEVER;
    }
    return { ...checked.data, imageFile, imageFocus };
  });

/** Whole grams from the typed text: blank is none; anything else not a whole number, -1 (refused). */
function gramsOf(text: string | undefined): number | null {
  const typed = text?.trim() ?? "";
  if (typed === "") return null;
  return /^\d{1,7}$/.test(typed) ? Number(typed) : -1;
}

const UNREADABLE = Symbol("unreadable");

const optionNamesField = {
  schema: z.array(z.string().max(200)).max(10),
  message: "The options could not be read.",
};
const picturesField = {
  schema: z.array(z.object({ url: z.string().max(300), alt: z.string().max(1000) })).max(50),
  message: "The pictures could not be read.",
};

/** A field holding a JSON list: none when the form has no such field; UNREADABLE, said, if bad. */
function jsonList<T>(
  text: string | undefined,
  field: { schema: z.ZodType<T>; message: string },
  path: string,
  context: z.RefinementCtx,
): T | undefined | typeof UNREADABLE {
  if (text === undefined) return undefined;
  const parsed = field.schema.safeParse(safeJson(text));
  if (parsed.success) return parsed.data;
  context.addIssue({ code: "custom", message: field.message, path: [path] });
  return UNREADABLE;
}

/** The preview's focus, each a percentage 0 to 100; none (the server's own choice) otherwise. */
function focusOf(x: string | undefined, y: string | undefined): CropFocus | undefined {
  const percent = (text: string | undefined) => {
    const value = Number(text);
    return text !== undefined && text.trim() !== "" && value >= 0 && value <= 100 ? value : null;
  };
  const across = percent(x);
  const down = percent(y);
  return across === null || down === null ? undefined : { x: across, y: down };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
