import { adminActor } from "@server/audit/audit-log";
import {
  getProductImport,
  IMPORT_OVER,
  IMPORT_RUNNING,
  importProductsJob,
  queueProductImport,
  stopProductImport,
} from "@server/catalog/product-import-job";
import { productImports, products } from "@server/catalog/schema";
import type { Database } from "@server/db/database";
import { runJobsRound } from "@server/jobs/job-queue";
import { logger } from "@server/logger";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// A product import applied by the job queue (docs/admin.md#product-csv,
// docs/decisions/078-imports-are-jobs.md): queued at once, the same file refused while it runs,
// applied a slice at a time with its rows done, left out and failed, stopped without a product
// saved after the stop, and a file with problems refused whole.

const HEADER =
  "Handle,Title,Body (HTML),Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Status";
const csv = (prefix: string, count: number, price = "3.50") =>
  new TextEncoder().encode(
    [
      HEADER,
      ...Array.from({ length: count }, (_, at) => [
        `${prefix}-${at},${prefix} ${at},<p>One.</p>,Floss,Size,Small,${prefix}-${at}-S,10,${price},active`,
        `${prefix}-${at},,,,,Large,${prefix}-${at}-L,5,${price},`,
      ]).flat(),
    ].join("\r\n"),
  );

/** One round of the import job as the server runs it; `sliceMs: 0` does one product a round. */
const runImports = (db: Database, sliceMs = 60_000) =>
  runJobsRound(db, { "import-products": importProductsJob(db, { sliceMs }) }, logger, new Date());

const savedWith = async (db: Database, prefix: string) =>
  (
    await db
      .select()
      .from(products)
      .where(like(products.slug, `${prefix}-%`))
  ).length;

describe.each(testDrivers)("a product import as a job on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("answers at once, imports in the background, and refuses the same file while it runs", async () => {
    const admin = adminActor(await createCustomer(db()));
    const file = { name: "floss.csv", bytes: csv("floss", 3) };
    const id = await queueProductImport(db(), admin, file);
    expect(await getProductImport(db(), id)).toMatchObject({ status: "queued", rowsDone: 0 });
    expect(await savedWith(db(), "floss")).toBe(0);
    await expect(queueProductImport(db(), admin, file)).rejects.toThrow(IMPORT_RUNNING);

    await runImports(db());
    expect(await getProductImport(db(), id)).toMatchObject({
      status: "finished",
      rowsTotal: 6,
      rowsDone: 6,
      rowsFailed: 0,
      rowsLeftOut: 0,
      created: 3,
      updated: 0,
      problems: [],
    });
    expect(await savedWith(db(), "floss")).toBe(3);
    const [kept] = await db()
      .select({ file: productImports.fileBase64 })
      .from(productImports)
      .where(eq(productImports.id, id));
    expect(kept?.file).toBeNull();

    // Over, the same file may be imported again: every product is an update now.
    const again = await queueProductImport(db(), admin, file);
    await runImports(db());
    expect(await getProductImport(db(), again)).toMatchObject({ status: "finished", updated: 3 });
  });

  it("goes a slice at a time, and a stop leaves the rest out with nothing saved after it", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await queueProductImport(db(), admin, { name: "picks.csv", bytes: csv("picks", 4) });
    await runImports(db(), 0);
    expect(await getProductImport(db(), id)).toMatchObject({
      status: "running",
      rowsTotal: 8,
      rowsDone: 2,
      created: 1,
    });
    await runImports(db(), 0);
    expect(await getProductImport(db(), id)).toMatchObject({ rowsDone: 4, created: 2 });

    await stopProductImport(db(), admin, id);
    await runImports(db(), 0);
    expect(await getProductImport(db(), id)).toMatchObject({
      status: "stopped",
      rowsDone: 4,
      rowsLeftOut: 4,
      rowsFailed: 0,
    });
    expect(await savedWith(db(), "picks")).toBe(2);
    await expect(stopProductImport(db(), admin, id)).rejects.toThrow(IMPORT_OVER);
  });

  it("refuses a file whose problems are found when it is applied, saving none of it", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await queueProductImport(db(), admin, {
      name: "broken.csv",
      bytes: csv("broken", 2, "five"),
    });
    await runImports(db());
    const refused = await getProductImport(db(), id);
    expect(refused).toMatchObject({ status: "refused", rowsTotal: 4, rowsLeftOut: 4, rowsDone: 0 });
    expect(refused.problems[0]).toEqual({
      row: 2,
      column: "Variant Price",
      message: "Enter the price in pounds, such as 12.50.",
    });
    expect(await savedWith(db(), "broken")).toBe(0);
  });
});
