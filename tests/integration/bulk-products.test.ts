import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { bulkFormSchema } from "@server/catalog/bulk-form";
import { applyBulkAction, repriced } from "@server/catalog/bulk-products";
import { products, productVariants } from "@server/catalog/schema";
import { DomainError } from "@server/errors";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCategory, createCustomer, createProduct, listedProducts } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The products list's bulk actions (docs/admin.md#bulk-actions): all the products chosen change
// in one transaction, or none does; each change is in its product's history.

describe.each(testDrivers)("bulk actions on products on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  const three = async () => {
    await createProduct(db(), { id: "gel", name: "Whitening Gel" });
    await createProduct(db(), {
      id: "pen",
      name: "Whitening Pen",
      variants: [
        { id: "pen-1", pricePence: 2499, compareAtPricePence: 2999 },
        { id: "pen-2", pricePence: 4499, compareAtPricePence: 4600 },
      ],
    });
    await createProduct(db(), { id: "floss", name: "Floss", active: false });
  };

  it("publishes, takes back to drafts and archives the chosen products, each in its history", async () => {
    const admin = adminActor(await createCustomer(db()));
    await three();
    const base = { allMatching: false, search: "" } as const;
    expect(
      await applyBulkAction(db(), admin, {
        ...base,
        ids: ["gel", "floss"],
        expected: 2,
        action: { kind: "archive" },
      }),
    ).toEqual({ chosen: 2, changed: 1 });
    expect((await listedProducts(db())).map((product) => product.id)).toEqual(["pen"]);
    await applyBulkAction(db(), admin, {
      ...base,
      ids: ["pen"],
      expected: 1,
      action: { kind: "unpublish" },
    });
    const [pen] = await db().select().from(products).where(eq(products.id, "pen"));
    expect(pen).toMatchObject({ active: false, publishedAt: null });
    await applyBulkAction(db(), admin, {
      ...base,
      ids: ["gel", "pen", "floss"],
      expected: 3,
      action: { kind: "publish" },
    });
    expect((await listedProducts(db())).map((product) => product.id).sort()).toEqual([
      "floss",
      "gel",
      "pen",
    ]);
    expect((await getAdminProduct(db(), "pen"))?.history.map((entry) => entry.action)).toEqual([
      "product.unpublished",
      "product.published",
    ]);
  });

  it("moves all the products matching a search to a category, checking the count confirmed", async () => {
    const admin = adminActor(await createCustomer(db()));
    await three();
    const pens = await createCategory(db(), { name: "Pens" });
    const move = (expected: number) =>
      applyBulkAction(db(), admin, {
        ids: [],
        allMatching: true,
        search: "whitening",
        expected,
        action: { kind: "category", categoryId: pens.id },
      });
    const refused = await move(3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe(
      "The products have changed since you chose them: look at the list again, then choose.",
    );
    expect(await move(2)).toEqual({ chosen: 2, changed: 2 });
    const rows = await db()
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .orderBy(asc(products.id));
    expect(rows).toEqual([
      { id: "floss", categoryId: null },
      { id: "gel", categoryId: pens.id },
      { id: "pen", categoryId: pens.id },
    ]);
  });

  it("changes prices by a percentage to the penny, ending a sale the new price reaches", async () => {
    const admin = adminActor(await createCustomer(db()));
    await three();
    expect(repriced(2499, 10)).toBe(2749);
    expect(repriced(1, -90)).toBe(1);
    await applyBulkAction(db(), admin, {
      ids: ["pen"],
      allMatching: false,
      search: "",
      expected: 1,
      action: { kind: "price", percent: 10 },
    });
    const variants = await db()
      .select({
        id: productVariants.id,
        pricePence: productVariants.pricePence,
        compareAtPricePence: productVariants.compareAtPricePence,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, "pen"))
      .orderBy(asc(productVariants.id));
    expect(variants).toEqual([
      { id: "pen-1", pricePence: 2749, compareAtPricePence: 2999 },
      { id: "pen-2", pricePence: 4949, compareAtPricePence: null },
    ]);
    // Over £10,000: refused, and nothing changed, the other product's prices neither.
    await createProduct(db(), {
      id: "kit",
      name: "Clinic Kit",
      variants: [{ id: "kit-1", pricePence: 200_000 }],
    });
    const tooMuch = await applyBulkAction(db(), admin, {
      ids: ["pen", "kit"],
      allMatching: false,
      search: "",
      expected: 2,
      action: { kind: "price", percent: 500 },
    }).catch((error: unknown) => error);
    expect((tooMuch as DomainError).message).toBe(
      "Clinic Kit would cost more than £10,000.00: choose a smaller change.",
    );
    const [penOne] = await db()
      .select({ pricePence: productVariants.pricePence })
      .from(productVariants)
      .where(eq(productVariants.id, "pen-1"));
    expect(penOne?.pricePence).toBe(2749);
  });

  it("reads the list's form: ids, the count, the percentage, each mistake said", () => {
    const ok = bulkFormSchema.safeParse({
      ids: "gel,pen",
      expected: "2",
      action: "price",
      percent: "-15%",
    });
    expect(ok.success && ok.data).toEqual({
      ids: ["gel", "pen"],
      allMatching: false,
      search: "",
      expected: 2,
      action: { kind: "price", percent: -15 },
    });
    const messages = (form: Record<string, string>) =>
      bulkFormSchema.safeParse(form).error?.issues.map((issue) => issue.message);
    expect(messages({ ids: "gel", expected: "1", action: "price", percent: "ten" })).toEqual([
      "Give a whole percentage, such as 10 or -15.",
    ]);
    expect(messages({ ids: "gel", expected: "1", action: "price", percent: "0" })).toEqual([
      "Give a percentage other than 0.",
    ]);
    expect(messages({ ids: "", expected: "1", action: "publish" })).toEqual([
      "Choose at least one product.",
    ]);
    expect(messages({ ids: "gel", expected: "1", action: "delete" })).toEqual([
      "Choose what to do with the products.",
    ]);
    // Over the limit, the limit in words (the review's leftovers), however it is over.
    const tooMany =
      "A bulk action changes at most 5,000 products at a time: narrow the search, or choose fewer.";
    const many = Array.from({ length: 5001 }, (_, at) => `p${at}`).join(",");
    expect(messages({ ids: many, expected: "5001", action: "publish" })).toContain(tooMany);
    expect(
      messages({ ids: "", allMatching: "on", search: "kit", expected: "12000", action: "publish" }),
    ).toEqual([tooMany]);
  });

  it("refuses all matching a search past the limit in words, changing nothing", async () => {
    const admin = adminActor(await createCustomer(db()));
    await db().execute(
      sql`insert into products (id, slug, name, description_html, image_url, image_alt)
          select 'bulk-' || n, 'bulk-' || n, 'Bulk kit ' || n, '<p>Kit</p>', '/x.png', 'Kit'
          from generate_series(1, 5001) as n`,
    );
    await expect(
      applyBulkAction(db(), admin, {
        ids: [],
        allMatching: true,
        search: "bulk kit",
        expected: 5000,
        action: { kind: "archive" },
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        "A bulk action changes at most 5,000 products at a time: narrow the search, or choose fewer.",
    });
    const [{ archived } = { archived: -1 }] = await db()
      .select({ archived: sql<number>`count(*) filter (where not ${products.active})::int` })
      .from(products);
    expect(archived).toBe(0);
  });
});
