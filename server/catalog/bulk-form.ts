import { z } from "zod";
import { BULK_LIMIT, BULK_TOO_MANY, type BulkAction, bulkActionSchema } from "./bulk-products";

// The products list's bulk form (app/components/admin/product-bulk-actions.tsx) as a bulk
// action: the chosen ids as one field, the percentage and count as typed. What they must be is
// ./bulk-products.ts's schema.

export const bulkFormSchema = z
  .object({
    /** The chosen products' ids, separated by commas. */
    ids: z
      .string()
      .max(BULK_LIMIT * 101, BULK_TOO_MANY)
      .default(""),
    allMatching: z.literal("on").optional(),
    search: z.string().max(200).default(""),
    expected: z
      .string()
      .regex(/^\d{1,9}$/, "Choose at least one product.")
      .refine((count) => Number(count) <= BULK_LIMIT, BULK_TOO_MANY),
    action: z.enum(["publish", "unpublish", "archive", "category", "price"], {
      message: "Choose what to do with the products.",
    }),
    categoryId: z.string().max(100).optional(),
    percent: z.string().max(10).optional(),
  })
  .transform((form): BulkAction => {
    const action: BulkAction["action"] =
      form.action === "category"
        ? { kind: "category", categoryId: form.categoryId || null }
        : form.action === "price"
          ? { kind: "price", percent: Number((form.percent ?? "").trim().replace(/%$/, "") || "x") }
          : { kind: form.action };
    return {
      ids: form.ids.split(",").filter((id) => id !== ""),
      allMatching: form.allMatching === "on",
      search: form.search,
      expected: Number(form.expected),
      action,
    };
  })
  .pipe(bulkActionSchema);
