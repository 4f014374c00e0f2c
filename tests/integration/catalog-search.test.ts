import { getCurrentVariants } from "@server/cart/cart-service";
import { findProducts } from "@server/catalog/catalog-service";
import { products, searchWords } from "@server/catalog/schema";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, searchedProducts } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

describe.each(testDrivers)("catalogue search on %s", (driver) => {
  const queries: string[] = [];
  const database = useTestDatabase(driver, { onQuery: (query) => queries.push(query) });
  const db = () => database.db();

  async function shop() {
    await createProduct(db(), {
      id: "strips",
      name: "Whitening Strips",
      descriptionHtml: "<p>Enamel-safe strips for a <strong>brighter</strong> smile.</p>",
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    await createProduct(db(), {
      id: "bundle",
      name: "Complete Smile Bundle",
      descriptionHtml: "<p>Our whitening strips, toothpaste and pen together.</p>",
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
    await createProduct(db(), {
      id: "pen",
      name: "Whitening Pen",
      descriptionHtml: "<p>Touch-ups on the go: 100% enamel-safe.</p>",
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    await createProduct(db(), {
      id: "floss",
      name: "Mint_Floss",
      descriptionHtml: '<p class="whitening">Gentle floss.</p>',
      createdAt: new Date("2026-04-01T00:00:00Z"),
    });
    await createProduct(db(), { id: "retired", name: "Whitening Gel", active: false });
  }

  const ids = (list: Array<{ id: string }>) => list.map((product) => product.id);

  it("finds by name and description, name matches first, and stems English words", async () => {
    await shop();
    // "WHITENING" is in three names and in the bundle's description; the floss has it only
    // in markup. Name matches first, then by full-text rank (featured order breaks ties).
    const found = await searchedProducts(db(), "WHITENING");
    expect(ids(found).slice(0, 2).sort()).toEqual(["pen", "strips"]);
    expect(ids(found)).toEqual([...ids(found).slice(0, 2), "bundle"]);
    // Stemming: "whiten" and "whitens" find "whitening"; "smiles" finds "smile".
    expect(ids(await searchedProducts(db(), "whitens"))).toContain("strips");
    expect(ids(await searchedProducts(db(), "smiles"))).toEqual(["bundle", "strips"]);
  });

  it("tolerates typos: words close to the shop's words find what those words find", async () => {
    await shop();
    // As "whitening" does: the two names first, then the bundle's description.
    const whitening = ids(await searchedProducts(db(), "whitening"));
    expect(ids(await searchedProducts(db(), "whitning"))).toEqual(whitening);
    expect(ids(await searchedProducts(db(), "complet smil bundel"))).toEqual(["bundle"]);
    // "whitening pen": the pen by name, then the bundle, whose description holds both words.
    expect(ids(await searchedProducts(db(), "wihtening pen"))).toEqual(["pen", "bundle"]);
    // A word typed right stays itself beside the corrected one, the last also as a prefix.
    expect(ids(await searchedProducts(db(), "enamle strip"))).toEqual(["strips"]);
    expect(ids(await searchedProducts(db(), "xylophone"))).toEqual([]);
    // A different word sharing a start is not a typo of it.
    expect(ids(await searchedProducts(db(), "strong"))).toEqual([]);
  });

  it("says what it searched instead of a typo: each word as its closest word of the shop", async () => {
    await shop();
    const corrected = async (search: string) =>
      (await findProducts(db(), { search, sort: "relevance", limit: 24, offset: 0 })).correctedTo;
    expect(await corrected("wihtening pen")).toBe("whitening pen");
    expect(await corrected("complet smil bundel")).toBe("complete smile bundle");
    // A word of the shop stays itself; one found only through close words is put as the
    // closest ("strip" is no product's word, "strips" is).
    expect(await corrected("Enamle  STRIPS")).toBe("enamel strips");
    expect(await corrected("enamle strip")).toBe("enamel strips");
    // Nothing when the words typed match, or nothing close does.
    expect(await corrected("whitening")).toBeUndefined();
    expect(await corrected("xylophone")).toBeUndefined();
    // Nor when the close words find nothing within the filters.
    const filtered = await findProducts(db(), {
      search: "wihtening",
      sort: "relevance",
      minPricePence: 1_000_000,
      limit: 24,
      offset: 0,
    });
    expect(filtered).toEqual({ products: [], total: 0, totalIsExact: true });
  });

  it("looks typos up in the words of the products on sale, kept current as products change", async () => {
    await shop();
    const vocabulary = async () =>
      (await db().select().from(searchWords).orderBy(searchWords.word)).map(
        (row) => `${row.word}:${row.products}`,
      );
    // Names and descriptions' text, lower case, three letters or more, counted once a product;
    // not the markup's words ("strong", the floss's class), not the product off sale ("gel"),
    // not the words the search leaves out ("our", "for").
    const words = await vocabulary();
    expect(words).toEqual(
      expect.arrayContaining(["whitening:3", "strips:2", "pen:2", "safe:2", "100:1", "floss:1"]),
    );
    expect(words.join(" ")).not.toMatch(/\b(strong|gel|our|for)\b|\b[a-z]{1,2}:/);
    await db().update(products).set({ name: "Charcoal Polish" }).where(eq(products.id, "pen"));
    expect(ids(await searchedProducts(db(), "charcol"))).toEqual(["pen"]);
    expect(await vocabulary()).toEqual(expect.arrayContaining(["charcoal:1", "whitening:2"]));
    // Off sale, its words leave (the last product holding them); back on sale, they return.
    await db().update(products).set({ active: false }).where(eq(products.id, "pen"));
    expect((await vocabulary()).join(" ")).not.toMatch(/charcoal|polish|touch/);
    expect(await searchedProducts(db(), "charcol")).toEqual([]);
    await db().update(products).set({ active: true }).where(eq(products.id, "pen"));
    expect(await vocabulary()).toEqual(expect.arrayContaining(["charcoal:1"]));
    // A change to anything else writes no word; deleting a product takes its words away.
    const before = await vocabulary();
    await db().update(products).set({ pricePence: 1234 });
    expect(await vocabulary()).toEqual(before);
    await db().delete(products).where(eq(products.id, "pen"));
    expect((await vocabulary()).join(" ")).not.toMatch(/charcoal/);
    // The counts are those of a vocabulary built afresh from the products on sale.
    const fresh = await db()
      .select({ word: sql<string>`w.word`, products: sql<number>`count(*)`.mapWith(Number) })
      .from(
        sql`products p cross join lateral unnest(product_search_words(p.name, p.description_html)) as w(word)`,
      )
      .where(sql`p.active`)
      .groupBy(sql`w.word`)
      .orderBy(sql`w.word`);
    expect(await vocabulary()).toEqual(fresh.map((row) => `${row.word}:${row.products}`));
  });

  it("answers the search box's half-typed word as a prefix", async () => {
    await shop();
    expect(ids(await searchedProducts(db(), "whit")).sort()).toEqual(["bundle", "pen", "strips"]);
    expect(ids(await searchedProducts(db(), "tooth"))).toEqual(["bundle"]);
  });

  it("matches the description's text, not its markup", async () => {
    await shop();
    // 'whitening' appears in floss's class attribute only; 'strong' only as a tag.
    expect(ids(await searchedProducts(db(), "strong"))).toEqual([]);
    // Close names (typo tolerance) are looked for only when nothing matches exactly: the
    // bundle's name is close to "smile" but does not hold "brighter".
    expect(ids(await searchedProducts(db(), "brighter smile"))).toEqual(["strips"]);
    expect(ids(await searchedProducts(db(), "whitening"))).not.toContain("floss");
  });

  it("matches % and _ in names literally", async () => {
    await shop();
    expect(ids(await searchedProducts(db(), "t_floss"))).toEqual(["floss"]);
    expect(ids(await searchedProducts(db(), "_"))).toEqual(["floss"]);
    expect(ids(await searchedProducts(db(), "%"))).toEqual([]);
    expect(ids(await searchedProducts(db(), "100%"))).toEqual(["pen"]);
  });

  it("handles odd and very long text without an error", async () => {
    await shop();
    expect(await searchedProducts(db(), "a".repeat(10_000))).toEqual([]);
    expect(await searchedProducts(db(), "'; drop table products; --")).toEqual([]);
    expect(await searchedProducts(db(), "\\")).toEqual([]);
    expect(await searchedProducts(db(), "whitening & | ! :* <->")).not.toEqual([]);
    expect(ids(await searchedProducts(db(), "  smile\n   bundle "))).toEqual(["bundle"]);
  });

  it("leaves products off sale out", async () => {
    await shop();
    expect(await searchedProducts(db(), "gel")).toEqual([]);
  });

  it("keeps the index current when a product changes", async () => {
    await shop();
    await db().update(products).set({ name: "Charcoal Polish" }).where(eq(products.id, "pen"));
    expect(ids(await searchedProducts(db(), "charcoal"))).toEqual(["pen"]);
    expect(ids(await searchedProducts(db(), "whitening pen"))).not.toContain("pen");
  });

  it("pages through the newest-first list and through search results, with the total", async () => {
    await shop();
    const all = await findProducts(db(), { sort: "newest", limit: 100, offset: 0 });
    expect(ids(all.products)).toEqual(["floss", "bundle", "pen", "strips"]);
    expect(all.total).toBe(4);
    const second = await findProducts(db(), { sort: "newest", limit: 2, offset: 1 });
    expect([ids(second.products), second.total]).toEqual([["bundle", "pen"], 4]);
    const past = await findProducts(db(), { sort: "newest", limit: 2, offset: 10 });
    expect([ids(past.products), past.total]).toEqual([[], 4]);
    const searched = await findProducts(db(), {
      search: "whitening",
      sort: "relevance",
      limit: 1,
      offset: 2,
    });
    expect([ids(searched.products), searched.total]).toEqual([["bundle"], 3]);
    const searchedPast = await findProducts(db(), {
      search: "whitening",
      sort: "relevance",
      limit: 1,
      offset: 5,
    });
    expect([ids(searchedPast.products), searchedPast.total]).toEqual([[], 3]);
  });

  it("gives search results as cards: default variant and SALE only with a former price", async () => {
    await createProduct(db(), {
      id: "pen",
      name: "Whitening Pen",
      variants: [
        { id: "pen-1", name: "Single", pricePence: 2499 },
        { id: "pen-2", name: "Twin", pricePence: 4499, compareAtPricePence: 4998 },
      ],
    });
    await createProduct(db(), { id: "paste", name: "Whitening Toothpaste" });
    const [paste, pen] = await searchedProducts(db(), "whitening").then((list) =>
      list.sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(pen?.defaultVariant?.id).toBe("pen-1");
    expect(pen?.saleVariant?.id).toBe("pen-2");
    expect(paste?.saleVariant).toBeNull();
  });

  it("costs one query per search that matches, whatever the catalogue's size", async () => {
    await shop();
    queries.length = 0;
    await searchedProducts(db(), "whitening");
    expect(queries).toHaveLength(1);
    // A typo: the search, the look-up of close words in the vocabulary alone (no product read),
    // and the search again with them; nothing close, no search again.
    queries.length = 0;
    await searchedProducts(db(), "whitning");
    expect(queries).toHaveLength(3);
    expect(queries[1]).toMatch(/"search_words"/);
    expect(queries[1]).not.toMatch(/from "products"|"products"\./);
    queries.length = 0;
    await searchedProducts(db(), "xylophone");
    expect(queries).toHaveLength(2);
  });
});

describe.each(testDrivers)("cart re-check on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("publishes stock in bands: exact below 20, 20 above", async () => {
    await createProduct(db(), {
      variants: [
        { id: "plenty", stockQuantity: 500 },
        { id: "few", stockQuantity: 7 },
      ],
    });
    const variants = await getCurrentVariants(db(), ["plenty", "few"]);
    expect(
      Object.fromEntries(variants.map((variant) => [variant.variantId, variant.stockQuantity])),
    ).toEqual({
      plenty: 20,
      few: 7,
    });
  });

  it("gives the current price and stock of the asked variants on sale, nothing else", async () => {
    await createProduct(db(), {
      id: "pen",
      name: "Whitening Pen",
      variants: [
        { id: "pen-1", name: "Single", pricePence: 2499, stockQuantity: 4 },
        { id: "pen-2", name: "Twin", pricePence: 4499 },
      ],
    });
    await createProduct(db(), { id: "old", active: false, variants: [{ id: "old-1" }] });
    const variants = await getCurrentVariants(db(), ["pen-1", "old-1", "missing", "pen-1"]);
    expect(variants).toEqual([
      {
        productId: "pen",
        name: "Whitening Pen",
        imageUrl: "/images/products/whitening-strips.svg",
        variantId: "pen-1",
        variantName: "Single",
        pricePence: 2499,
        stockQuantity: 4,
        maxPerOrder: 10,
      },
    ]);
    expect(await getCurrentVariants(db(), [])).toEqual([]);
  });
});
