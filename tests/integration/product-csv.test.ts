import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { createProduct } from "@server/catalog/product-editor";
import { productsCsvStream } from "@server/catalog/product-export";
import { previewProductImport } from "@server/catalog/product-import";
import { applyProductImport, IMPORT_HAS_PROBLEMS } from "@server/catalog/product-import-apply";
import { products, productVariants } from "@server/catalog/schema";
import type { Database } from "@server/db/database";
import { seedCatalog } from "@server/seed/seed-catalog";
import { stockMovements } from "@server/stock/schema";
import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../factories";
import { openTestDatabase, testDrivers, useTestDatabase } from "../setup/test-database";

// The product CSV in Shopify's format (docs/admin.md#product-csv): what this shop exports, a
// fresh shop imports into the same catalogue; a file made by Shopify imports with its preview;
// a hostile file is refused with a clear message and nothing is saved.

const site = { vendor: "Gleam", baseUrl: "https://gleam.example" };

async function exportCsv(db: Database, filter = {}): Promise<string> {
  const stream = productsCsvStream(db, {
    filter,
    ...site,
    onFailure: (error) => {
      throw error;
    },
  });
  // The byte-order mark kept, to be seen.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    await new Response(stream).arrayBuffer(),
  );
}

/** The file's rows by handle, each product's rows in order: the catalogue as the file has it. */
function catalogueOf(csv: string) {
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  const byHandle = new Map<string, Record<string, string>[]>();
  for (const row of rows) {
    const record = Object.fromEntries((header ?? []).map((name, at) => [name, row[at] ?? ""]));
    const handle = record.Handle ?? "";
    byHandle.set(handle, [...(byHandle.get(handle) ?? []), record]);
  }
  return Object.fromEntries([...byHandle].sort(([a], [b]) => a.localeCompare(b)));
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** A test's stand-in for the web: one PNG at one address, a 404 elsewhere. */
async function standInWeb() {
  const png = await sharp({
    create: { width: 500, height: 500, channels: 3, background: "#2bb8a7" },
  })
    .png()
    .toBuffer();
  const asked: string[] = [];
  const fetchImage = async (url: string) => {
    asked.push(url);
    return url.startsWith("https://cdn.shopify.example/files/paste")
      ? new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } })
      : new Response("Not found", { status: 404 });
  };
  return { fetchImage, asked };
}

const SHOPIFY_FILE = [
  "Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Weight Unit,Status",
  'charcoal-paste,Charcoal Paste,"<p>Deep clean, <b>gentle</b>.</p><script>alert(1)</script>",Brightly,,Toothpaste,,TRUE,Flavour,Mint,Size,75 ml,,,CP-M-75,110,shopify,40,deny,manual,9.99,12.99,TRUE,TRUE,5012345678900,https://cdn.shopify.example/files/paste.png,1,A black tube of paste,FALSE,Charcoal Paste | Brightly,"A charcoal paste.",g,active',
  "charcoal-paste,,,,,,,,,Mint,,150 ml,,,CP-M-150,200,shopify,25,deny,manual,15.99,,TRUE,TRUE,,https://cdn.shopify.example/files/paste-back.png,2,The back of the tube,,,,g,",
  "charcoal-paste,,,,,,,,,Aniseed,,75 ml,,,CP-A-75,110,shopify,-3,deny,manual,9.99,9.99,TRUE,TRUE,12345,,,,,,,g,",
  "floss-picks,Floss Picks,<p>Picks.</p>,Brightly,,Floss,,FALSE,Title,Default Title,,,,,FP-1,15,shopify,100,deny,manual,3.50,,TRUE,TRUE,,https://cdn.shopify.example/files/missing.png,1,Floss picks,FALSE,,,g,draft",
].join("\r\n");

describe.each(testDrivers)("the product CSV on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  let fresh: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    fresh = await openTestDatabase(driver, { second: true });
  });
  afterAll(async () => {
    await fresh?.close();
  });

  it("exports the catalogue, and a fresh shop importing it has the same catalogue", async () => {
    const admin = adminActor(await createCustomer(db()));
    await seedCatalog(db());
    await createProduct(db(), admin, {
      name: "=Formula Gel",
      slug: "formula-gel",
      descriptionHtml: '<p>Says "hello", then goes\non.</p>',
      imageUrl: "/images/products/no-picture.svg",
      imageAlt: "None yet",
      optionNames: ["Shade", "Pack"],
      seoTitle: "Formula Gel, searched",
      draft: true,
      variants: [
        {
          name: "",
          optionValues: ["Soft", "1"],
          sku: "FG-S-1",
          barcode: "5012345678900",
          grams: 40,
          pricePence: 1250,
          compareAtPricePence: 1500,
          startingStock: 7,
        },
        {
          name: "",
          optionValues: ["Soft", "2"],
          sku: "FG-S-2",
          barcode: null,
          grams: null,
          pricePence: 2250,
          compareAtPricePence: null,
          startingStock: 0,
        },
      ],
    });
    await createProduct(db(), admin, {
      name: "Pictured Kit",
      slug: "pictured-kit",
      descriptionHtml: "<p>Kit.</p>",
      imageUrl: "/images/products/whitening-strips.svg",
      imageAlt: "The kit",
      images: [
        { url: "/images/products/whitening-pen.svg", alt: "The kit's pen" },
        { url: "/images/products/whitening-toothpaste.svg", alt: "The kit's paste" },
      ],
      variants: [
        { name: "Kit", pricePence: 3000, compareAtPricePence: null, startingStock: 2 },
        {
          name: "Kit and pen",
          pricePence: 4000,
          compareAtPricePence: null,
          startingStock: 1,
          imageUrl: "/images/products/whitening-pen.svg",
        },
      ],
    });
    const csv = await exportCsv(db());
    expect(csv.startsWith("\uFEFFHandle,Title,Body (HTML),Vendor,Type,Tags,Published,")).toBe(true);
    // A cell a spreadsheet would run is made inert; quotes and line breaks are quoted.
    expect(csv).toContain('formula-gel,\'=Formula Gel,"<p>Says ""hello"", then goes\non.</p>"');
    const exported = catalogueOf(csv);
    expect(Object.keys(exported)).toEqual([
      "complete-smile-bundle",
      "formula-gel",
      "pictured-kit",
      "whitening-pen",
      "whitening-strips",
      "whitening-toothpaste",
    ]);
    expect(exported["whitening-pen"]?.map((row) => row["Option1 Value"])).toEqual([
      "Single Pen",
      "Twin Pack",
    ]);
    expect(exported["complete-smile-bundle"]?.[0]).toMatchObject({
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Image Src": "https://gleam.example/images/products/complete-smile-bundle.svg",
      Status: "active",
      Published: "TRUE",
    });
    // A picture past the last variant has a line of its own.
    expect(
      exported["pictured-kit"]?.map((row) => [
        row["Variant Price"],
        row["Image Src"],
        row["Image Position"],
      ]),
    ).toEqual([
      ["30.00", "https://gleam.example/images/products/whitening-strips.svg", "1"],
      ["40.00", "https://gleam.example/images/products/whitening-pen.svg", "2"],
      ["", "https://gleam.example/images/products/whitening-toothpaste.svg", "3"],
    ]);
    expect(exported["pictured-kit"]?.[1]?.["Variant Image"]).toBe(
      "https://gleam.example/images/products/whitening-pen.svg",
    );
    expect(exported["formula-gel"]?.[0]).toMatchObject({
      Status: "draft",
      "Variant Price": "12.50",
      "Variant Compare At Price": "15.00",
      "Variant Barcode": "5012345678900",
      "Variant Inventory Qty": "7",
      "Image Src": "",
    });

    if (!fresh) throw new Error("no fresh database");
    const freshAdmin = adminActor(await createCustomer(fresh.db));
    const preview = await previewProductImport(fresh.db, bytes(csv));
    expect(preview.problems).toEqual([]);
    expect(preview.products.map((product) => product.id)).toEqual(Array(6).fill(null));
    expect(preview.categoriesToCreate.sort()).toEqual([
      "Bundles",
      "Pens",
      "Toothpaste",
      "Whitening Strips",
    ]);
    const outcomes = await applyProductImport(fresh.db, freshAdmin, preview, {
      fileName: "products.csv",
      fetchImage: async () => {
        throw new Error("nothing to fetch: every picture is one of the shop's");
      },
    });
    expect(outcomes.map((outcome) => outcome.result)).toEqual(Array(6).fill("created"));
    expect(catalogueOf(await exportCsv(fresh.db))).toEqual(exported);

    // Imported again, the same file changes nothing and creates nothing.
    const again = await previewProductImport(fresh.db, bytes(csv));
    expect(again.problems).toEqual([]);
    expect(again.products.every((product) => product.id !== null && product.created === 0)).toBe(
      true,
    );
    await applyProductImport(fresh.db, freshAdmin, again, { fileName: "products.csv" });
    expect(catalogueOf(await exportCsv(fresh.db))).toEqual(exported);
  });

  it("exports only the products chosen, or those matching the list's search", async () => {
    await seedCatalog(db());
    expect(Object.keys(catalogueOf(await exportCsv(db(), { search: "pen" })))).toEqual([
      "whitening-pen",
    ]);
    expect(Object.keys(catalogueOf(await exportCsv(db(), { ids: ["prod1", "prod4"] })))).toEqual([
      "complete-smile-bundle",
      "whitening-strips",
    ]);
  });

  it("imports a Shopify file: its preview first, then each product whole, pictures fetched", async () => {
    const admin = adminActor(await createCustomer(db()));
    await seedCatalog(db());
    const preview = await previewProductImport(db(), bytes(SHOPIFY_FILE));
    expect(preview.problems).toEqual([]);
    expect(
      preview.products.map((product) => [product.handle, product.created, product.status]),
    ).toEqual([
      ["charcoal-paste", 3, "active"],
      ["floss-picks", 1, "draft"],
    ]);
    expect(preview.categoriesToCreate).toEqual(["Floss"]);
    expect(preview.notes.map((note) => [note.row, note.column])).toEqual([
      [4, "Variant Compare At Price"],
      [4, "Variant Inventory Qty"],
      [4, "Variant Barcode"],
    ]);
    const web = await standInWeb();
    const outcomes = await applyProductImport(db(), admin, preview, {
      fileName: "shopify.csv",
      fetchImage: web.fetchImage,
    });
    expect(outcomes.map((outcome) => [outcome.handle, outcome.result])).toEqual([
      ["charcoal-paste", "created"],
      ["floss-picks", "created"],
    ]);
    expect(outcomes.map((outcome) => outcome.imageProblems)).toEqual([
      [],
      [
        "Row 5, Image Src: https://cdn.shopify.example/files/missing.png could not be fetched: the server answered 404.",
      ],
    ]);
    const [paste] = await db().select().from(products).where(eq(products.slug, "charcoal-paste"));
    expect(paste).toMatchObject({
      name: "Charcoal Paste",
      descriptionHtml: "<p>Deep clean, <b>gentle</b>.</p>",
      optionNames: ["Flavour", "Size"],
      seoTitle: "Charcoal Paste | Brightly",
      active: true,
      categoryId: "cat-toothpaste",
    });
    expect(paste?.imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}\/800\.webp$/);
    const [back] = (await getAdminProduct(db(), paste?.id ?? ""))?.product.images ?? [];
    expect(back?.alt).toBe("The back of the tube");
    expect(back?.url).toMatch(/^\/media\/[0-9a-f-]{36}\/800\.webp$/);
    expect(back?.url).not.toBe(paste?.imageUrl);
    const variants = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, paste?.id ?? ""))
      .orderBy(asc(productVariants.createdAt));
    expect(
      variants.map((variant) => [
        variant.name,
        variant.sku,
        variant.barcode,
        variant.grams,
        variant.pricePence,
        variant.compareAtPricePence,
        variant.stockQuantity,
      ]),
    ).toEqual([
      ["Mint / 75 ml", "CP-M-75", "5012345678900", 110, 999, 1299, 40],
      ["Mint / 150 ml", "CP-M-150", null, 200, 1599, null, 25],
      ["Aniseed / 75 ml", "CP-A-75", null, 110, 999, null, 0],
    ]);
    const [floss] = await db().select().from(products).where(eq(products.slug, "floss-picks"));
    expect(floss).toMatchObject({
      active: false,
      publishedAt: null,
      imageUrl: "/images/products/no-picture.svg",
      optionNames: [],
    });

    // Counted again in a second file: the difference is an adjustment with the file's name.
    const recount = [
      "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price,Variant Inventory Qty",
      "charcoal-paste,Charcoal Paste,Flavour,Mint,Size,75 ml,CP-M-75,10.49,32",
    ].join("\n");
    const second = await previewProductImport(db(), bytes(recount));
    expect(second.problems).toEqual([]);
    expect(second.products[0]).toMatchObject({ created: 0, updated: 1 });
    await applyProductImport(db(), admin, second, { fileName: "recount.csv" });
    const [counted] = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.kind, "adjustment"));
    expect(counted).toMatchObject({
      quantityChange: -8,
      stockAfter: 32,
      reason: "Counted in the import of recount.csv",
    });
    const [repriced] = await db()
      .select({ pricePence: productVariants.pricePence })
      .from(productVariants)
      .where(eq(productVariants.sku, "CP-M-75"));
    expect(repriced?.pricePence).toBe(1049);
  });

  it("refuses a hostile or broken file with a clear message, and saves nothing", async () => {
    const admin = adminActor(await createCustomer(db()));
    const problemsOf = async (file: Uint8Array) =>
      (await previewProductImport(db(), file)).problems.map((problem) =>
        [problem.row, problem.column, problem.message].filter((part) => part !== null).join(" | "),
      );
    const header =
      "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty";

    expect(
      await problemsOf(bytes(`${header}\nfoam,"=HYPERLINK(""http://evil.example"")",,,F-1,5.00,1`)),
    ).toEqual([
      "2 | Title | This cell is a spreadsheet formula: the shop takes text and numbers only.",
    ]);
    // Latin-1 (a spreadsheet's "CSV" on Windows): é as one byte.
    const latin1 = Uint8Array.from([
      ...bytes(`${header}\ncreme,Cr`),
      0xe9,
      ...bytes("me,,,C-1,5.00,1"),
    ]);
    expect(await problemsOf(latin1)).toEqual([
      'The file is not UTF-8 text: in your spreadsheet, save it as "CSV UTF-8" and import that.',
    ]);
    expect(await problemsOf(Uint8Array.from([0xff, 0xfe, 0x48, 0x00]))).toEqual([
      'The file is not UTF-8 text: in your spreadsheet, save it as "CSV UTF-8" and import that.',
    ]);
    expect(await problemsOf(new Uint8Array(10 * 1024 * 1024 + 1))).toEqual([
      "The file is over 10 MB: split it into smaller files and import each.",
    ]);
    const many = `${header}\n${"lots,Lots,,,,1.00,1\n".repeat(20_001)}`;
    expect(await problemsOf(bytes(many))).toEqual([
      "The file has more than 20,000 rows: split it into smaller files and import each.",
    ]);
    expect(await problemsOf(bytes("Title,Price\nFoam,5.00"))).toEqual([
      "The file has no Handle column: export it from Shopify's Products page or from this shop.",
    ]);
    expect(await problemsOf(bytes("Handle,Title\nfoam,Foam"))).toEqual([
      "The file has no Variant Price column.",
    ]);
    expect(await problemsOf(bytes(`${header}\nfoam,"Foam,,,F-1,5.00,1`))).toEqual([
      "The file could not be read as CSV near row 2: a quote may be left open.",
    ]);
    expect(
      await problemsOf(
        bytes(
          [
            header,
            "foam,Foam,,,F-1,5.00,1",
            "gel,Gel,,,F-1,five,1",
            "foam,Foam again,,,F-3,5.00,1",
            "Bad Handle!,Bad,,,B-1,5.00,1.5",
          ].join("\n"),
        ),
      ),
    ).toEqual([
      "3 | Variant SKU | The SKU F-1 is also the product foam's.",
      "3 | Variant Price | Enter the price in pounds, such as 12.50.",
      "4 | Handle | The handle foam is used again here, apart from its product's rows (from row 2): two products cannot share a handle.",
      "5 | Variant Inventory Qty | Give the stock as a whole number.",
      "5 | Handle | A slug is lower-case letters, digits and single dashes.",
    ]);

    // A preview with problems is never applied: nothing is saved.
    const refused = await previewProductImport(
      db(),
      bytes(`${header}\nfoam,Foam,,,F-1,5.00,1\ngel,Gel,,,G-1,free,1`),
    );
    await expect(applyProductImport(db(), admin, refused, { fileName: "bad.csv" })).rejects.toThrow(
      IMPORT_HAS_PROBLEMS,
    );
    expect(await db().select().from(products)).toEqual([]);
  });
});
