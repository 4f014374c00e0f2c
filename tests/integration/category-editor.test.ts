import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { categoryPage, listCategories } from "@server/catalog/categories";
import {
  type CategoryInput,
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from "@server/catalog/category-editor";
import { createProduct, updateProduct } from "@server/catalog/product-editor";
import { productFormSchema } from "@server/catalog/product-form";
import { categories, products } from "@server/catalog/schema";
import { DomainError } from "@server/errors";
import { shopChanged } from "@server/events/shop-changed";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, listedProducts, versionNow } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The admin's categories: created, edited, deleted, each audited; products put in one
// from their editor; the store's listing follows at once.

const category = (change: Partial<CategoryInput> = {}): CategoryInput => ({
  name: "Mouthwash",
  slug: "mouthwash",
  description: "Alcohol-free rinses that freshen breath.",
  position: 5,
  ...change,
});

const product = {
  name: "Fresh Rinse",
  slug: "fresh-rinse",
  descriptionHtml: "<p>A rinse.</p>",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  imageAlt: "A bottle of rinse",
  variants: [{ name: "250 ml", pricePence: 799, compareAtPricePence: null, startingStock: 5 }],
};

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return [error.code, error.message, error.field];
    if (error instanceof Error && "issues" in error) {
      return ["INVALID", (error as { issues: Array<{ message: string }> }).issues[0]?.message];
    }
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(testDrivers)("the admin's categories on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("gives a category's page the search title and description the admin wrote", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createCategory(
      db(),
      admin,
      category({ seoTitle: "Mouthwash for Fresh Breath" }),
    );
    shopChanged();
    expect(await categoryPage(db(), "mouthwash")).toMatchObject({
      name: "Mouthwash",
      seoTitle: "Mouthwash for Fresh Breath",
      seoDescription: null,
    });
    // The chips and the sitemap get the category without its listing.
    expect((await listCategories(db())).find((chip) => chip.slug === "mouthwash")).toEqual({
      slug: "mouthwash",
      name: "Mouthwash",
      description: "Alcohol-free rinses that freshen breath.",
    });
    await updateCategory(db(), admin, id, {
      ...category({ seoTitle: "", seoDescription: "Rinses." }),
      version: await versionNow(db(), "categories", id),
    });
    shopChanged();
    expect(await categoryPage(db(), "mouthwash")).toMatchObject({
      seoTitle: null,
      seoDescription: "Rinses.",
    });
    await expect(
      updateCategory(db(), admin, id, {
        ...category({ seoTitle: "x".repeat(71) }),
        version: await versionNow(db(), "categories", id),
      }),
    ).rejects.toThrow("Keep the search title under 70 characters.");
  });

  it("creates, edits and deletes a category, each audited; its products stay", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createCategory(db(), admin, category());
    expect((await listCategories(db())).map((row) => row.slug)).toEqual(["mouthwash"]);
    await updateCategory(db(), admin, id, {
      ...category({ name: "Rinses", slug: "rinses" }),
      version: await versionNow(db(), "categories", id),
    });
    const productId = await createProduct(db(), admin, { ...product, categoryId: id });
    expect(await listAdminCategories(db())).toEqual([
      {
        ...category({ name: "Rinses", slug: "rinses" }),
        id,
        productCount: 1,
        version: 2,
        seoTitle: null,
        seoDescription: null,
      },
    ]);
    const listed = await listedProducts(db(), { categorySlug: "rinses" });
    expect(listed.map((row) => row.id)).toEqual([productId]);

    await deleteCategory(db(), admin, id);
    expect(await listCategories(db())).toEqual([]);
    const [kept] = await db().select().from(products).where(eq(products.id, productId));
    expect(kept?.categoryId).toBeNull();
    const audit = await db()
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(asc(auditLog.createdAt));
    expect(audit).toEqual([
      { action: "category.created", before: null, after: category() },
      {
        action: "category.updated",
        before: { name: "Mouthwash", slug: "mouthwash" },
        after: { name: "Rinses", slug: "rinses", version: 2 },
      },
      {
        action: "category.deleted",
        before: { name: "Rinses", slug: "rinses", products: 1 },
        after: null,
      },
    ]);
  });

  it("refuses a save from a category another admin has changed since, naming the change", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createCategory(db(), admin, category());
    await updateCategory(db(), admin, id, category({ name: "Rinses", version: 1 }));
    expect(
      await refusal(updateCategory(db(), admin, id, category({ position: 9, version: 1 }))),
    ).toEqual([
      "CONFLICT",
      "This category changed since you opened it (its name). Reload it to see the changes, then make yours again.",
      undefined,
    ]);
    const [row] = await db().select().from(categories).where(eq(categories.id, id));
    expect(row).toMatchObject({ name: "Rinses", position: 5, version: 2 });
  });

  it("keeps the store's category list until the shop changes, and reads it afresh then", async () => {
    const admin = adminActor(await createCustomer(db()));
    await createCategory(db(), admin, category());
    const first = listCategories(db());
    // One read, shared: the same list, not read again.
    expect(await listCategories(db())).toBe(await first);
    // Written behind the shop's back (no admin save says so): not seen until the shop changes.
    await db().insert(categories).values({
      id: "cat-floss",
      slug: "floss",
      name: "Floss",
      description: "Threads for between the teeth.",
      position: 1,
    });
    expect((await listCategories(db())).map((row) => row.slug)).toEqual(["mouthwash"]);
    shopChanged();
    expect((await listCategories(db())).map((row) => row.slug)).toEqual(["floss", "mouthwash"]);
  });

  it("refuses a taken slug, a bad slug, a short description and a bad position; changes nothing", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createCategory(db(), admin, category());
    expect(await refusal(createCategory(db(), admin, category({ name: "Other" })))).toEqual([
      "CONFLICT",
      "Another category uses this slug: choose another.",
      "slug",
    ]);
    expect(await refusal(createCategory(db(), admin, category({ slug: "Bad Slug" })))).toEqual([
      "INVALID",
      "A slug is lower-case letters, digits and single dashes.",
    ]);
    expect(
      await refusal(
        updateCategory(db(), admin, id, {
          ...category({ description: "Short" }),
          version: await versionNow(db(), "categories", id),
        }),
      ),
    ).toEqual([
      "INVALID",
      "Describe the category in a sentence: its page and search engines show it.",
    ]);
    expect(
      await refusal(
        updateCategory(db(), admin, id, {
          ...category({ position: -1 }),
          version: await versionNow(db(), "categories", id),
        }),
      ),
    ).toEqual(["INVALID", "The position is a whole number from 0 to 1000."]);
    expect(await refusal(deleteCategory(db(), admin, "missing"))).toEqual([
      "NOT_FOUND",
      "Category not found.",
      undefined,
    ]);
    expect(await listAdminCategories(db())).toEqual([
      { ...category(), id, productCount: 0, version: 1, seoTitle: null, seoDescription: null },
    ]);
  });

  it("answers saves racing for one slug with one category and clear refusals", async () => {
    const admin = adminActor(await createCustomer(db()));
    const taken = ["CONFLICT", "Another category uses this slug: choose another.", "slug"];
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        refusal(createCategory(db(), admin, category({ name: `Rinse ${index}` }))).catch(
          () => "created",
        ),
      ),
    );
    expect(created.filter((result) => result === "created")).toHaveLength(1);
    expect(created.filter((result) => result !== "created")).toEqual(Array(9).fill(taken));
    const ids = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        createCategory(db(), admin, category({ name: `Other ${n}`, slug: `other-${n}` })),
      ),
    );
    const edited = await Promise.all(
      ids.map((id, index) =>
        refusal(
          updateCategory(db(), admin, id, {
            ...category({ name: `Other ${index}`, slug: "raced" }),
            version: 1,
          }),
        ).catch(() => "saved"),
      ),
    );
    expect(edited.filter((result) => result === "saved")).toHaveLength(1);
    expect(edited.filter((result) => result !== "saved")).toEqual(Array(3).fill(taken));
  });

  it("puts a product in a category and sets its featured rank from the editor's form", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createCategory(db(), admin, category());
    const productId = await createProduct(db(), admin, product);
    const form = (fields: Record<string, unknown>) =>
      productFormSchema.parse({
        ...product,
        variants: JSON.stringify([
          { name: "250 ml", price: "7.99", compareAt: "", startingStock: "0" },
        ]),
        ...fields,
      });
    const { imageFile: _file, ...input } = form({ categoryId: id, featuredRank: "7" });
    await updateProduct(db(), admin, productId, {
      ...input,
      version: await versionNow(db(), "products", productId),
    });
    expect((await getAdminProduct(db(), productId))?.product).toMatchObject({
      categoryId: id,
      featuredRank: 7,
    });
    // Without the fields (an older form), both are kept.
    const { imageFile: _none, ...unchanged } = form({ name: "Fresh Rinse Plus" });
    await updateProduct(db(), admin, productId, {
      ...unchanged,
      version: await versionNow(db(), "products", productId),
    });
    expect((await getAdminProduct(db(), productId))?.product).toMatchObject({
      name: "Fresh Rinse Plus",
      categoryId: id,
      featuredRank: 7,
    });
    // "No category" takes it out.
    const { imageFile: _out, ...out } = form({ categoryId: "", featuredRank: "" });
    await updateProduct(db(), admin, productId, {
      ...out,
      version: await versionNow(db(), "products", productId),
    });
    expect((await getAdminProduct(db(), productId))?.product).toMatchObject({
      categoryId: null,
      featuredRank: 0,
    });
    expect(
      await refusal(
        updateProduct(db(), admin, productId, {
          ...{ ...product, categoryId: "nope" },
          version: await versionNow(db(), "products", productId),
        }),
      ),
    ).toEqual(["BAD_REQUEST", "Choose one of the shop's categories.", "categoryId"]);
    expect(
      productFormSchema.safeParse({
        ...product,
        variants: JSON.stringify([
          { name: "250 ml", price: "7.99", compareAt: "", startingStock: "0" },
        ]),
        featuredRank: "x",
      }).error?.issues[0]?.message,
    ).toBe("The featured rank is a whole number from 0 to 1000.");
  });
});
