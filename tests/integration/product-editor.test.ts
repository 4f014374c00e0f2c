import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { VERSION_MISSING } from "@server/audit/stale-save";
import { getProduct } from "@server/catalog/catalog-service";
import { createCategory, updateCategory } from "@server/catalog/category-editor";
import { createProduct, setProductActive, updateProduct } from "@server/catalog/product-editor";
import { productFormSchema } from "@server/catalog/product-form";
import type { ProductInput } from "@server/catalog/product-input";
import { products } from "@server/catalog/schema";
import { countVariantStock } from "@server/catalog/variant-editor";
import { DomainError } from "@server/errors";
import { saveShopSettings } from "@server/settings/settings-editor";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, listedProducts, versionNow } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The admin's catalogue writes: products and variants created and edited with
// their description cleaned, stock only through movements, archive and restore, each audited and
// all or nothing.

const input = (change: Partial<ProductInput> = {}): ProductInput => ({
  name: "Whitening Foam",
  slug: "whitening-foam",
  descriptionHtml:
    "<p>Gentle <strong>foam</strong>.</p><script>alert(1)</script><img src=x onerror=alert(2)>",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  imageAlt: "A bottle of whitening foam",
  variants: [
    { name: "50 ml", pricePence: 1299, compareAtPricePence: 1599, startingStock: 40 },
    { name: "3 x 50 ml", pricePence: 2999, compareAtPricePence: null, startingStock: 0 },
  ],
  ...change,
});

describe.each(testDrivers)("the admin's product editor on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("creates a product whose first variant is the default, its stock a restock, cleaned", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input());
    const shown = await getProduct(db(), id);
    expect(shown.name).toBe("Whitening Foam");
    expect(shown.descriptionHtml).toBe("<p>Gentle <strong>foam</strong>.</p>");
    expect(shown.variants.map((variant) => [variant.name, variant.pricePence])).toEqual([
      ["50 ml", 1299],
      ["3 x 50 ml", 2999],
    ]);
    const detail = await getAdminProduct(db(), id);
    expect(detail?.variants.map((variant) => variant.stockQuantity)).toEqual([40, 0]);
    expect(detail?.movements.map((movement) => [movement.kind, movement.quantityChange])).toEqual([
      ["restock", 40],
    ]);
    expect(detail?.history.map((entry) => [entry.action, entry.actorType])).toEqual([
      ["product.created", "admin"],
    ]);
    expect((await listedProducts(db())).map((product) => product.id)).toContain(id);
  });

  it("keeps what the admin writes for search engines, and the name and text when they write none", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(
      db(),
      admin,
      input({ seoTitle: "  Whitening Foam for Sensitive Teeth | Gleam ", seoDescription: "" }),
    );
    expect(await getProduct(db(), id)).toMatchObject({
      seoTitle: "Whitening Foam for Sensitive Teeth | Gleam",
      seoDescription: null,
    });
    const version = (await getAdminProduct(db(), id))?.product.version;
    // Left out of an edit: unchanged. Emptied: none again.
    await updateProduct(db(), admin, id, {
      ...input({ seoDescription: "Foam that whitens." }),
      version,
    });
    expect(await getProduct(db(), id)).toMatchObject({
      seoTitle: "Whitening Foam for Sensitive Teeth | Gleam",
      seoDescription: "Foam that whitens.",
    });
    await updateProduct(db(), admin, id, {
      ...input({ seoTitle: "", seoDescription: null }),
      version: await versionNow(db(), "products", id),
    });
    expect(await getProduct(db(), id)).toMatchObject({ seoTitle: null, seoDescription: null });
    await expect(
      updateProduct(db(), admin, id, {
        ...input({ seoTitle: "x".repeat(71) }),
        version: await versionNow(db(), "products", id),
      }),
    ).rejects.toThrow("Keep the search title under 70 characters.");
    await expect(
      updateProduct(db(), admin, id, {
        ...input({ seoDescription: "x".repeat(161) }),
        version: await versionNow(db(), "products", id),
      }),
    ).rejects.toThrow("Keep the search description under 160 characters.");
    const history = (await getAdminProduct(db(), id))?.history ?? [];
    expect(history.map((entry) => entry.action)).toEqual([
      "product.created",
      "product.updated",
      "product.updated",
    ]);
  });

  it("refuses what breaks a rule, and saves nothing of it", async () => {
    const admin = adminActor(await createCustomer(db()));
    await createProduct(db(), admin, input());
    await expect(createProduct(db(), admin, input({ name: "Other" }))).rejects.toThrow(
      "Another product uses this slug: choose another.",
    );
    await expect(
      createProduct(
        db(),
        admin,
        input({
          slug: "bad-sale",
          variants: [{ name: "A", pricePence: 1500, compareAtPricePence: 1000, startingStock: 5 }],
        }),
      ),
    ).rejects.toThrow("A compare-at price must be above the price");
    await expect(createProduct(db(), admin, input({ slug: "No Spaces" }))).rejects.toThrow(
      "A slug is lower-case letters",
    );
    // Nothing is sold for nothing.
    await expect(
      createProduct(
        db(),
        admin,
        input({
          slug: "free",
          variants: [{ name: "A", pricePence: 0, compareAtPricePence: null, startingStock: 5 }],
        }),
      ),
    ).rejects.toThrow("A price must be at least £0.01.");
    expect((await db().select().from(products)).map((row) => row.slug)).toEqual(["whitening-foam"]);
  });

  it("edits prices and names, adds a variant after the default, and records what changed", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input());
    const before = await getAdminProduct(db(), id);
    const [first, second] = before?.variants ?? [];
    if (!first || !second) throw new Error("no variants");
    await updateProduct(db(), admin, id, {
      ...{
        ...input({ name: "Whitening Foam Plus" }),
        variants: [
          {
            id: first.id,
            name: "50 ml",
            pricePence: 1199,
            compareAtPricePence: 1599,
            startingStock: 0,
          },
          {
            id: second.id,
            name: "3 x 50 ml",
            pricePence: 2999,
            compareAtPricePence: null,
            startingStock: 0,
          },
          { name: "Travel 15 ml", pricePence: 499, compareAtPricePence: null, startingStock: 12 },
        ],
      },
      version: await versionNow(db(), "products", id),
    });
    const after = await getAdminProduct(db(), id);
    expect(after?.product.name).toBe("Whitening Foam Plus");
    expect(
      after?.variants.map((variant) => [variant.name, variant.pricePence, variant.stockQuantity]),
    ).toEqual([
      ["50 ml", 1199, 40],
      ["3 x 50 ml", 2999, 0],
      ["Travel 15 ml", 499, 12],
    ]);
    const [updated] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "product.updated"))
      .orderBy(asc(auditLog.createdAt));
    expect(updated?.before).toEqual({
      name: "Whitening Foam",
      variants: [{ id: first.id, name: "50 ml", pricePence: 1299, compareAtPricePence: 1599 }],
    });
    expect(updated?.after).toMatchObject({
      name: "Whitening Foam Plus",
      variants: [{ id: first.id, pricePence: 1199 }],
      addedVariants: [{ name: "Travel 15 ml", pricePence: 499 }],
    });
  });

  // A save naming no version is refused, never written over what was saved since.
  it("refuses an edit that names no version (409, naming the field), writing nothing", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input());
    await expect(updateProduct(db(), admin, id, input({ name: "Overwritten" }))).rejects.toEqual(
      expect.objectContaining({ code: "CONFLICT", field: "version", message: VERSION_MISSING }),
    );
    expect((await getAdminProduct(db(), id))?.product).toMatchObject({
      name: "Whitening Foam",
      version: 1,
    });
    const categoryId = await createCategory(db(), admin, {
      name: "Rinses",
      slug: "rinses",
      description: "Mouth rinses that keep a smile bright.",
      position: 1,
    });
    await expect(
      updateCategory(db(), admin, categoryId, {
        name: "Gone",
        slug: "rinses",
        description: "Mouth rinses that keep a smile bright.",
        position: 1,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", field: "version" });
    await expect(saveShopSettings(db(), admin, { shopName: "Overwritten" })).rejects.toMatchObject({
      code: "CONFLICT",
      field: "version",
    });
  });

  it("refuses a save from a version another admin has saved over, naming what changed", async () => {
    const admin = adminActor(await createCustomer(db()));
    const other = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input());
    const opened = await getAdminProduct(db(), id);
    const [first, second] = opened?.variants ?? [];
    if (!opened || !first || !second) throw new Error("no product");
    expect(opened.product.version).toBe(1);
    const edited = (change: Partial<ProductInput>) => ({
      ...input(),
      variants: [
        { ...first, startingStock: 0 },
        { ...second, startingStock: 0 },
      ],
      ...change,
    });
    // Both opened version 1; the other admin saves first: a new name and a new price.
    await updateProduct(db(), other, id, {
      ...edited({ name: "Whitening Foam Pro" }),
      variants: [
        { ...first, pricePence: 1399, startingStock: 0 },
        { ...second, startingStock: 0 },
      ],
      version: 1,
    });
    expect((await getAdminProduct(db(), id))?.product.version).toBe(2);
    await expect(
      updateProduct(db(), admin, id, { ...edited({ imageAlt: "A tall bottle" }), version: 1 }),
    ).rejects.toEqual(
      expect.objectContaining({
        constructor: DomainError,
        code: "CONFLICT",
        message:
          "This product changed since you opened it (its name, variants). Reload it to see the changes, then make yours again.",
      }),
    );
    // Nothing of the refused save was written; the other admin's stands.
    const now = await getAdminProduct(db(), id);
    expect(now?.product).toMatchObject({
      name: "Whitening Foam Pro",
      imageAlt: "A bottle of whitening foam",
      version: 2,
    });
    expect(now?.variants[0]?.pricePence).toBe(1399);
    // Reloaded (version 2), their save goes through.
    await updateProduct(db(), admin, id, {
      ...edited({ name: "Whitening Foam Pro", imageAlt: "A tall bottle" }),
      variants: [
        { ...first, pricePence: 1399, startingStock: 0 },
        { ...second, startingStock: 0 },
      ],
      version: 2,
    });
    expect((await getAdminProduct(db(), id))?.product).toMatchObject({
      imageAlt: "A tall bottle",
      version: 3,
    });
  });

  it("answers ten saves racing for one slug with one product and nine clear refusals", async () => {
    const admin = adminActor(await createCustomer(db()));
    const slugTaken = expect.objectContaining({
      constructor: DomainError,
      code: "CONFLICT",
      field: "slug",
      message: "Another product uses this slug: choose another.",
    });
    const created = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        createProduct(db(), admin, input({ name: `Foam ${index}`, slug: "raced-slug" })),
      ),
    );
    expect(created.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of created) {
      if (result.status === "rejected") expect(result.reason).toEqual(slugTaken);
    }
    // Edits racing for one new slug: the same.
    const ids = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        createProduct(db(), admin, input({ name: `Edit ${index}`, slug: `edit-${index}` })),
      ),
    );
    const edited = await Promise.allSettled(
      ids.map((id, index) =>
        updateProduct(db(), admin, id, {
          ...input({ name: `Edit ${index}`, slug: "raced-edit" }),
          version: 1,
        }),
      ),
    );
    expect(edited.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of edited) {
      if (result.status === "rejected") expect(result.reason).toEqual(slugTaken);
    }
  });

  it("changes stock only by a count with a reason; archives and restores", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input());
    const variantId = (await getAdminProduct(db(), id))?.variants[0]?.id ?? "";
    await countVariantStock(db(), admin, {
      productId: id,
      variantId,
      counted: 37,
      reason: "Three damaged",
    });
    const detail = await getAdminProduct(db(), id);
    expect(detail?.variants[0]?.stockQuantity).toBe(37);
    expect(detail?.movements[0]).toMatchObject({
      kind: "adjustment",
      quantityChange: -3,
      reason: "Three damaged",
    });
    await expect(
      countVariantStock(db(), admin, { productId: "another", variantId, counted: 1, reason: "x" }),
    ).rejects.toThrow("This variant is not one of the product's.");

    await setProductActive(db(), admin, id, false);
    expect((await listedProducts(db())).map((product) => product.id)).not.toContain(id);
    await setProductActive(db(), admin, id, true);
    expect((await listedProducts(db())).map((product) => product.id)).toContain(id);
    expect((await getAdminProduct(db(), id))?.history.map((entry) => entry.action)).toEqual([
      "product.created",
      "product.archived",
      "product.restored",
    ]);
  });

  it("reads the admin's form: pounds to pence, each refusal naming its field", () => {
    const form = (variants: unknown) => ({
      name: "Foam",
      slug: "foam",
      descriptionHtml: "",
      imageUrl: "/images/products/whitening-pen.svg",
      imageAlt: "A pen",
      variants: JSON.stringify(variants),
    });
    const ok = productFormSchema.safeParse(
      form([{ name: "Default", price: "12.50", compareAt: "", startingStock: "4" }]),
    );
    expect(ok.success && ok.data.variants).toEqual([
      {
        name: "Default",
        pricePence: 1250,
        compareAtPricePence: null,
        startingStock: 4,
        optionValues: [],
        sku: null,
        barcode: null,
        grams: null,
        imageUrl: null,
      },
    ]);
    const bad = productFormSchema.safeParse(
      form([{ name: "Default", price: "12,50", compareAt: "", startingStock: "4" }]),
    );
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["variants", 0, "pricePence"],
      message: "Variant 1's price: enter pounds, such as 12.50.",
    });
    expect(productFormSchema.safeParse({ ...form([]), variants: "{not json" }).success).toBe(false);
    // With a variant it cannot read, it still says what else is wrong: every field at once.
    const many = productFormSchema.safeParse({
      ...form([{ name: "Default", price: "twenty", compareAt: "", startingStock: "4" }]),
      name: "",
      slug: "Not A Slug",
    });
    expect(many.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "variants.0.pricePence",
      "name",
      "slug",
    ]);
    // "Save as draft" pressed.
    const draft = productFormSchema.safeParse({
      ...form([{ name: "Default", price: "12.50", compareAt: "", startingStock: "4" }]),
      draft: "on",
    });
    expect(draft.success && draft.data.draft).toBe(true);
  });

  it("keeps a draft out of the shop until it is published, and says so in its history", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input({ draft: true }));
    const [saved] = await db().select().from(products).where(eq(products.id, id));
    expect(saved).toMatchObject({ active: false, publishedAt: null });
    expect((await getAdminProduct(db(), id))?.product.draft).toBe(true);
    expect((await listedProducts(db())).map((product) => product.id)).not.toContain(id);

    await setProductActive(db(), admin, id, true);
    const [published] = await db().select().from(products).where(eq(products.id, id));
    expect(published?.active).toBe(true);
    expect(published?.publishedAt).toBeInstanceOf(Date);
    expect((await listedProducts(db())).map((product) => product.id)).toContain(id);
    // Archived and restored later, it is no draft again: its first publication date stays.
    await setProductActive(db(), admin, id, false);
    await setProductActive(db(), admin, id, true);
    const [after] = await db().select().from(products).where(eq(products.id, id));
    expect(after?.publishedAt).toEqual(published?.publishedAt);
    expect((await getAdminProduct(db(), id))?.history.map((entry) => entry.action)).toEqual([
      "product.created",
      "product.published",
      "product.archived",
      "product.restored",
    ]);
  });
});
