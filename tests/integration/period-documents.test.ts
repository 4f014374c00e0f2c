import { loadDocuments } from "@server/invoices/documents";
import { documentsOfPeriod } from "@server/invoices/period-documents";
import { createTestProvider } from "@server/payments/test-provider";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paidOrderOfTwo } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The accountant's download of a period (server/invoices/period-documents.ts): read a page at a
// time, every document once and in order, and refused past 5,000 documents with a clear message
// rather than drawn.

const provider = createTestProvider("integration-test-secret-of-32-characters!");

describe.each(testDrivers)("a period's documents on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  /** `count` credit notes of one order, issued a few to a second on 2 March 2026 from 09:00. */
  async function creditNotes(count: number) {
    const { orderId } = await paidOrderOfTwo(db(), provider);
    await db().execute(sql`
      insert into invoices (id, kind, number, order_id, issued_at, seller, gross_pence, vat_pence)
      select 'cn-' || n, 'credit_note', 1000 + n, ${orderId},
             timestamptz '2026-03-02 09:00:00+00' + (n / 3) * interval '1 second',
             (select seller from invoices where order_id = ${orderId}), 100, 17
      from generate_series(1, ${count}) as n`);
  }

  it("reads a range page by page, each document once, in the order issued", async () => {
    await creditNotes(620);
    const documents = await loadDocuments(db(), {
      issuedFrom: new Date("2026-03-02T00:00:00Z"),
      issuedBefore: new Date("2026-03-03T00:00:00Z"),
    });
    expect(documents.map((document) => document.label)).toEqual(
      Array.from({ length: 620 }, (_, index) => `CN-${String(1001 + index).padStart(6, "0")}`),
    );
    const limited = await loadDocuments(db(), {
      issuedFrom: new Date("2026-03-02T00:00:00Z"),
      issuedBefore: new Date("2026-03-03T00:00:00Z"),
      limit: 300,
    });
    expect(limited).toHaveLength(300);
  });

  it("refuses more than 5,000 documents at once, saying how to take them", async () => {
    await creditNotes(5_001);
    await expect(documentsOfPeriod(db(), "01/03/2026", "31/03/2026")).rejects.toThrow(
      "Those days hold more than 5000 invoices and credit notes: download at most 5000 at once, a shorter period at a time.",
    );
    // One fewer is drawn.
    await db().execute(sql`delete from invoices where id = 'cn-5001'`);
    const { documents } = await documentsOfPeriod(db(), "01/03/2026", "31/03/2026");
    expect(documents).toHaveLength(5_000);
  });
});
