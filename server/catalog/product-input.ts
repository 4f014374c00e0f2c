import { z } from "zod";
import { isProductImageUrl } from "../../common/catalog/product-images";
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
    name: z
      .string()
      .trim()
      .min(1, "Give every variant a name.")
      .max(60, "Keep variant names under 60 characters."),
    pricePence: money("A price"),
    compareAtPricePence: money("A compare-at price").nullable(),
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

export const productInputSchema = z.object({
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
  variants: z.array(variantSchema).min(1, "A product needs at least one variant.").max(20),
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
export type ProductInput = z.input<typeof productInputSchema>;
