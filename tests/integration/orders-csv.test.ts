import { ordersCsvStream } from "@server/admin/orders-csv";
import { orderItems, orders } from "@server/orders/schema";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createProduct } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

/** A streamed export in a test fails the test the moment a batch fails. */
const failTest = (error: unknown) => {
  throw error;
};

// The CSV export's cells (migration 0011: PostgreSQL writes the lines): formulas made inert, RFC
// 4180 quoting, checked against csv-stringify (a CSV library with the same formula escaping), and
// a hostile order exported as a spreadsheet would read it.

const cells = [
  "Ada Lovelace",
  "ada@example.com",
  "1 High St = home",
  "07700 900123",
  "",
  '=HYPERLINK("https://evil.example","Click")',
  "+1",
  "-2+3",
  "@SUM(A1)",
  "\tx",
  "＝1+1",
  "＋1",
  "－1",
  "＠SUM(A1)",
  'He said "hi"',
  "a,b",
  "line one\nline two",
  "=1,2\n3",
  "£39.99 café",
];

describe.each(testDrivers)("the orders CSV on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  async function cell(value: string | null): Promise<string> {
    const [row] = await db()
      .select({ cell: sql<string>`csv_cell(${value})` })
      .from(sql`(values (1)) as one (x)`);
    if (!row) throw new Error("no row");
    return row.cell;
  }

  it("writes each text cell as csv-stringify does with formulas escaped", async () => {
    for (const value of cells) {
      const expected = stringify([[value]], { escape_formulas: true, record_delimiter: "unix" });
      expect(await cell(value), JSON.stringify(value)).toBe(expected.slice(0, -1));
    }
    expect(await cell("=1")).toBe("'=1");
    // Look-alike signs and signs hidden behind what shows nothing.
    for (const hidden of [
      "﹦1+1",
      "﹢1",
      "﹣1",
      "﹫SUM(A1)",
      "−1+2",
      "\u200B=1+1",
      "\u200D\u2060=SUM(A1)",
      "\uFEFF+1",
      "\u202E=1",
      "  =1+1",
      "\u00A0@SUM(A1)",
      // Migration 0050: the combining grapheme joiner and the Hangul fillers show nothing too.
      "\u034F=1+1",
      "\u3164+1",
      "\u115F\u1160-1",
      "\uFFA0@SUM(A1)",
      "\u2800=1",
    ]) {
      expect(await cell(hidden), JSON.stringify(hidden)).toBe(`'${hidden}`);
    }
    // Text that merely holds a sign later, or a zero-width character before a letter, is left.
    expect(await cell("\u200BAda")).toBe("\u200BAda");
    expect(await cell("Cost − £5")).toBe("Cost − £5");
    // A carriage return is a line break to a spreadsheet: quoted (csv-stringify leaves a lone one
    // bare, against RFC 4180).
    expect(await cell("\rx")).toBe('"\'\rx"');
    expect(await cell('say "=1"')).toBe('"say ""=1"""');
    expect(await cell(null)).toBe("");
  });

  it("exports a hostile order so that a spreadsheet shows it as text", async () => {
    await createProduct(db(), {
      id: "kit",
      name: "=Kit",
      variants: [{ id: "kit-1", pricePence: 3999, stockQuantity: 5 }],
    });
    const userId = await createCustomer(db(), "mallory@example.com");
    await db()
      .insert(orders)
      .values({
        id: "hostile",
        number: 20001,
        userId,
        status: "fulfilled",
        subtotalPence: 3999,
        discountPence: 0,
        shippingPence: 399,
        vatPence: 733,
        totalPence: 4398,
        refundedPence: 5,
        customerFullName: '=HYPERLINK("https://evil.example")',
        customerEmail: "mallory@example.com",
        customerPhone: "+44 7700 900123",
        shippingAddress: '1 "Quoted" Road,\nLondon',
        carrier: "@Royal Mail",
        trackingNumber: "-RM123",
        paymentProvider: "test",
        createdAt: new Date("2026-07-01T09:30:00Z"),
      });
    await db().insert(orderItems).values({
      orderId: "hostile",
      productId: "kit",
      variantId: "kit-1",
      productName: "=Kit",
      variantName: "Default",
      unitPricePence: 3999,
      quantity: 1,
    });
    const bytes = await new Response(ordersCsvStream(db(), {}, failTest)).arrayBuffer();
    // ignoreBOM: keep the byte-order mark, which the export sends for spreadsheet apps.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      [
        "\uFEFFOrder,Placed,Status,Customer,Email,Phone,Shipping address,Items,Subtotal,Discount,Shipping,VAT,Total,Refunded,Carrier,Tracking number,Order id",
        // London summer time: 10:30.
        `GL-20001,2026-07-01 10:30,fulfilled,"'=HYPERLINK(""https://evil.example"")",mallory@example.com,'+44 7700 900123,"1 ""Quoted"" Road,\nLondon",1 x =Kit,39.99,0.00,3.99,7.33,43.98,0.05,'@Royal Mail,'-RM123,hostile`,
        "",
      ].join("\n"),
    );
  });

  it("hands a batch that fails after the download began to the caller, and sends no more", async () => {
    const failures: unknown[] = [];
    // A bound PostgreSQL cannot read (there was no year 0): the first batch fails.
    const text = await new Response(
      ordersCsvStream(db(), { from: "0000-01-01" }, (error) => failures.push(error)),
    ).text();
    expect(text.trim()).toBe(
      "Order,Placed,Status,Customer,Email,Phone,Shipping address,Items,Subtotal,Discount,Shipping,VAT,Total,Refunded,Carrier,Tracking number,Order id",
    );
    expect(failures).toHaveLength(1);
  });
});
