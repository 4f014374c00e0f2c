import { z } from "zod";
import {
  isProductImageUrl,
  MAX_MORE_PICTURES,
  NO_PICTURE,
} from "../../common/catalog/product-images";
import {
  isGtin,
  MAX_OPTIONS,
  valuesKey,
  variantNameFor,
} from "../../common/catalog/product-options";
import { openedVersion } from "../audit/stale-save";
import { UNKNOWN_IMAGE } from "../media/image-store";
import { seoInputFields } from "./seo-input";

// What the admin's product form may save: every field checked, money in pence, the description
// cleaned by the storefront's rules.

const money = (label: string) =>
  z
    .number()
    .int()
    .min(1, `${label} must be at least £0.01.`)
    .max(1_000_000, `${label} is at most £10,000.00.`);

const variantSchema = z
  .object({
    /** An existing variant's id; none for a new one. */
    id: z.string().min(1).max(100).optional(),
    /** Its name; with options, its values name it instead (checkOptions). */
    name: z.string().trim().max(60, "Keep variant names under 60 characters."),
    pricePence: money("A price"),
    compareAtPricePence: money("A compare-at price").nullable(),
    /** One value per option of the product, in its order; none when it has no options. */
    optionValues: z
      .array(
        z
          .string()
          .trim()
          .min(1, "Give every variant a value for each option.")
          .max(40, "Keep option values under 40 characters."),
      )
      .max(MAX_OPTIONS)
      .default([]),
    sku: z
      .string()
      .trim()
      .max(64, "Keep SKUs under 64 characters.")
      .regex(/^[^\s]*$/, "A SKU has no spaces.")
      .nullable()
      .default(null)
      .transform((sku) => sku || null),
    barcode: z
      .string()
      .trim()
      .nullable()
      .default(null)
      .transform((code) => code || null)
      .refine(
        (code) => code === null || isGtin(code),
        "A barcode is a GTIN: 8, 12, 13 or 14 digits ending in its check digit.",
      ),
    /** Shipping weight in grams; none when not given. */
    grams: z
      .number()
      .int("A weight is whole grams.")
      .min(0, "A weight is whole grams.")
      .max(1_000_000, "A weight is at most 1,000,000 g.")
      .nullable()
      .default(null),
    /** One of the product's pictures that shows this variant; none: the main one. */
    imageUrl: z
      .string()
      .max(200)
      .nullable()
      .default(null)
      .transform((url) => url || null)
      .refine((url) => url === null || isProductImageUrl(url), UNKNOWN_IMAGE),
    /** A new variant's starting stock (an existing one's changes by adjustment). */
    startingStock: z.number().int().min(0, "Stock cannot be negative.").max(100_000),
  })
  .refine(
    (variant) =>
      variant.compareAtPricePence === null || variant.compareAtPricePence > variant.pricePence,
    {
      message: "A compare-at price must be above the price (it is a genuine former price).",
      path: ["compareAtPricePence"],
    },
  );

/** A variant named by its options' values may be longer than one named by hand. */
const VARIANT_NAME_MAX = 100;

const optionName = z
  .string()
  .trim()
  .min(1, "Give every option a name.")
  .max(30, "Keep option names under 30 characters.");

/**
 * A product's options and variants agree: each variant has one value per option, no two variants
 * the same values, no SKU twice; with options, a variant's name is its values.
 */
function checkOptions(
  product: {
    optionNames: string[];
    variants: { name: string; optionValues: string[]; sku: string | null }[];
  },
  context: z.RefinementCtx,
) {
  const names = new Set(product.optionNames.map((name) => name.toLowerCase()));
  if (names.size !== product.optionNames.length) {
    context.addIssue({
      code: "custom",
      message: "Give each option a different name.",
      path: ["optionNames"],
    });
  }
  const combinations = new Set<string>();
  const skus = new Set<string>();
  for (const [index, variant] of product.variants.entries()) {
    if (product.optionNames.length === 0 && variant.name === "") {
      context.addIssue({
        code: "custom",
        message: "Give every variant a name.",
        path: ["variants", index, "name"],
      });
    }
    if (variant.optionValues.length !== product.optionNames.length) {
      context.addIssue({
        code: "custom",
        message: "Give every variant a value for each option.",
        path: ["variants", index, "optionValues"],
      });
      continue;
    }
    if (product.optionNames.length > 0) {
      if (variantNameFor(variant.optionValues).length > VARIANT_NAME_MAX) {
        context.addIssue({
          code: "custom",
          message: `Keep a variant's values under ${VARIANT_NAME_MAX} characters in all.`,
          path: ["variants", index, "optionValues"],
        });
      }
      const key = valuesKey(variant.optionValues);
      if (combinations.has(key)) {
        context.addIssue({
          code: "custom",
          message: `Two variants are ${variantNameFor(variant.optionValues)}: give each different values.`,
          path: ["variants", index, "optionValues"],
        });
      }
      combinations.add(key);
    }
    if (variant.sku) {
      if (skus.has(variant.sku.toLowerCase())) {
        context.addIssue({
          code: "custom",
          message: `Two variants have the SKU ${variant.sku}.`,
          path: ["variants", index, "sku"],
        });
      }
      skus.add(variant.sku.toLowerCase());
    }
  }
}

export const productFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the product a name.")
    .max(100, "Keep the name under 100 characters."),
  slug: z
    .string()
    .trim()
    .min(1, "Give the product a slug.")
    .max(80, "Keep the slug under 80 characters.")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A slug is lower-case letters, digits and single dashes."),
  descriptionHtml: z.string().max(20_000, "Keep the description under 20,000 characters."),
  /** One of the shop's illustrations or an upload (whether it exists is checked when saved). */
  imageUrl: z.string().max(200).refine(isProductImageUrl, UNKNOWN_IMAGE),
  imageAlt: z
    .string()
    .trim()
    .min(3, "Describe the image for people who cannot see it.")
    .max(200, "Keep the image description under 200 characters."),
  /** Up to three options whose values name the variants. Left out: none when new, unchanged on edit. */
  optionNames: z
    .array(optionName)
    .max(MAX_OPTIONS, "A product has at most three options.")
    .optional(),
  /** The pictures after the main one, in order. Left out: none when new, unchanged on edit. */
  images: z
    .array(
      z.object({
        url: z
          .string()
          .max(200)
          .refine((url) => url !== NO_PICTURE && isProductImageUrl(url), UNKNOWN_IMAGE),
        alt: z
          .string()
          .trim()
          .min(3, "Describe each picture for people who cannot see it.")
          .max(200, "Keep picture descriptions under 200 characters."),
      }),
    )
    .max(MAX_MORE_PICTURES, `A product has at most ${MAX_MORE_PICTURES + 1} pictures.`)
    .optional(),
  variants: z
    .array(variantSchema)
    .min(1, "A product needs at least one variant.")
    .max(100, "A product has at most 100 variants."),
  /** What search engines show, when the admin wrote it. Left out: none when new, unchanged on edit. */
  ...seoInputFields,
  /** One of the shop's categories, or none. Left out: none for a new product, unchanged on edit. */
  categoryId: z.string().min(1).max(100).nullable().optional(),
  /** The product's version the admin opened (an edit): refused if it has moved on since. */
  version: openedVersion,
  /** A new product saved as a draft: kept out of the shop until it is published. */
  draft: z.boolean().optional(),
  /** The store's "featured" order, higher first. Left out: 0 when new, unchanged on edit. */
  featuredRank: z
    .number()
    .int("The featured rank is a whole number from 0 to 1000.")
    .min(0, "The featured rank is a whole number from 0 to 1000.")
    .max(1000, "The featured rank is a whole number from 0 to 1000.")
    .optional(),
});

export const productInputSchema = productFields
  .superRefine((product, context) =>
    checkOptions({ ...product, optionNames: product.optionNames ?? [] }, context),
  )
  .transform((product) =>
    // With options, a variant is named by its values: "Mint / 2 pack".
    product.optionNames && product.optionNames.length > 0
      ? {
          ...product,
          variants: product.variants.map((variant) => ({
            ...variant,
            name: variantNameFor(variant.optionValues),
          })),
        }
      : product,
  );
export type ProductInput = z.input<typeof productInputSchema>;
