import { createHash } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  ImportOutcome,
  ImportProblem,
  ImportProgress,
} from "../../common/catalog/product-csv";
import { type Actor, adminActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { kickJob } from "../jobs/job-kick";
import { enqueueJob, type JobHandler } from "../jobs/job-queue";
import { guardedFetch, type ImageFetch } from "../media/remote-image";
import { type ImportPreview, type PlannedProduct, previewProductImport } from "./product-import";
import { importCategories, importProduct, importReason } from "./product-import-apply";
import {
  type ProductImportRow,
  productImports,
  products,
  productVariants,
  searchWords,
} from "./schema";

// A product CSV applied by the job queue (docs/admin.md#product-csv,
// docs/decisions/078-imports-are-jobs.md): the admin's "Import" keeps the file and answers at
// once; the `import-products` job reads it afresh against the catalogue as it is then and saves
// its products in the file's order, each in its own transaction together with the import's
// progress, guarded by where the import stands (still running, at this product). So a stop, a
// crash or a second runner never saves a product twice or after the stop. The job works in
// slices and hands the queue back between them, so emails and payments wait for no import.

export const IMPORT_RUNNING = "This file is being imported";
export const IMPORT_OVER = "This import has already finished.";
const IMPORT_NOT_FOUND = "There is no such import.";
/** Outcomes kept for the admin to read (failures and lost pictures): the first of them. */
const OUTCOMES_KEPT = 300;
const PROBLEMS_KEPT = 500;
/** How long one run works before it hands the queue back. */
const SLICE_MS = 15_000;
/**
 * When a run reads the tables' statistics again, by the products it has saved: at its start,
 * as the catalogue doubles early on (a shop of a few products grows fastest in proportion), then
 * every 512.
 */
const ANALYZE_AFTER = new Set([0, 64, 128, 256]);
const ANALYZE_EVERY = 512;

const digestOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Keeps the file and queues its import; refused while the same bytes are being imported. The
 * file was checked for its size and emptiness by the caller; its rows are read by the job.
 */
export async function queueProductImport(
  db: Database,
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
): Promise<string> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productImports)
      .values({
        fileName: file.name.slice(0, 200),
        digest: digestOf(file.bytes),
        fileBase64: Buffer.from(file.bytes).toString("base64"),
        startedBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: productImports.id });
    if (!row) throw new DomainError("CONFLICT", IMPORT_RUNNING);
    await enqueueJob(tx, { kind: "import-products", subjectId: row.id });
    await recordAudit(tx, {
      actor,
      action: "product-import.queued",
      entity: { type: "product-import", id: row.id },
      after: { fileName: file.name, bytes: file.bytes.length },
    });
    return row.id;
  });
  kickJob();
  return id;
}

/** The file's rows that make a product: its first, its variants' and its pictures'. */
function rowsOf(plan: PlannedProduct): number {
  const rows = new Set<number>([plan.row]);
  for (const variant of plan.variants) if (variant.row !== null) rows.add(variant.row);
  for (const picture of plan.pictures) rows.add(picture.row);
  return rows.size;
}

/**
 * The import moved on by one product, in the transaction that saved it (or alone, when it
 * failed): false when the import was stopped or another run got there first.
 */
async function advance(
  tx: Database,
  id: string,
  at: number,
  plan: PlannedProduct,
  outcome: ImportOutcome,
): Promise<boolean> {
  const rows = rowsOf(plan);
  const failed = outcome.result === "failed";
  const kept = failed || outcome.imageProblems.length > 0;
  const moved = await tx
    .update(productImports)
    .set({
      nextProduct: at + 1,
      rowsDone: sql`${productImports.rowsDone} + ${failed ? 0 : rows}`,
      rowsFailed: sql`${productImports.rowsFailed} + ${failed ? rows : 0}`,
      created: sql`${productImports.created} + ${outcome.result === "created" ? 1 : 0}`,
      updated: sql`${productImports.updated} + ${outcome.result === "updated" ? 1 : 0}`,
      ...(kept
        ? {
            outcomes: sql`case when jsonb_array_length(${productImports.outcomes}) < ${OUTCOMES_KEPT}
              then ${productImports.outcomes} || ${JSON.stringify([outcome])}::jsonb
              else ${productImports.outcomes} end`,
          }
        : {}),
    })
    .where(
      and(
        eq(productImports.id, id),
        eq(productImports.status, "running"),
        eq(productImports.nextProduct, at),
      ),
    )
    .returning({ id: productImports.id });
  return moved.length > 0;
}

/** Thrown inside a product's transaction when the import no longer runs there: undoes it. */
class ImportMovedOn extends Error {}

/** The end of an import: its status, what was left out, and the file let go. */
async function endImport(
  db: Database,
  id: string,
  from: ProductImportRow["status"][],
  end: { status: "finished" | "stopped" | "refused"; problems?: ImportProblem[]; rows?: number },
) {
  return db
    .update(productImports)
    .set({
      status: end.status,
      fileBase64: null,
      finishedAt: new Date(),
      ...(end.problems ? { problems: end.problems.slice(0, PROBLEMS_KEPT) } : {}),
      ...(end.rows !== undefined ? { rowsTotal: end.rows } : {}),
      rowsLeftOut: sql`greatest(${end.rows ?? productImports.rowsTotal} - ${productImports.rowsDone} - ${productImports.rowsFailed}, 0)`,
    })
    .where(and(eq(productImports.id, id), inArray(productImports.status, from)))
    .returning({ id: productImports.id });
}

/**
 * The file's preview as this process last read it for an import: the next slice goes on with the
 * same plan (as one long run would) instead of reading the file again. Another process, or
 * this one after a restart, reads it afresh.
 */
let lastPreview: { id: string; preview: ImportPreview } | undefined;

async function previewOf(db: Database, row: ProductImportRow & { fileBase64: string }) {
  if (lastPreview?.id === row.id && row.status === "running") return lastPreview.preview;
  const preview = await previewProductImport(db, Buffer.from(row.fileBase64, "base64"));
  lastPreview = { id: row.id, preview };
  return preview;
}

/** Lets the server answer the requests that came meanwhile: the embedded database's calls
 * resolve without ever returning to the event loop, so a run of them would shut it out. */
const letOthersIn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fresh planner statistics for the tables an import grows. The embedded database runs no
 * autovacuum, and its statistics are read at start: planned for a catalogue of a few products,
 * each save (and its triggers) would read the whole of the tables it meant to look up.
 */
async function analyzeCatalogue(db: Database): Promise<void> {
  await db.execute(sql`analyze ${products}, ${productVariants}, ${searchWords}`);
}

/** One run of an import: from where it stands, until it is over or its slice is spent. */
async function runImport(
  db: Database,
  row: ProductImportRow & { fileBase64: string },
  options: { fetchImage: ImageFetch; sliceMs: number },
): Promise<"over" | "more"> {
  const until = Date.now() + options.sliceMs;
  const preview = await previewOf(db, row);
  if (preview.problems.length > 0) {
    // Read again after some products were saved, the file can meet a catalogue it changed.
    await endImport(db, row.id, ["queued", "running"], {
      status: row.status === "queued" ? "refused" : "stopped",
      problems: preview.problems,
      rows: preview.rows,
    });
    return "over";
  }
  if (row.status === "queued") {
    const started = await db
      .update(productImports)
      .set({
        status: "running",
        rowsTotal: preview.rows,
        productsTotal: preview.products.length,
      })
      .where(and(eq(productImports.id, row.id), eq(productImports.status, "queued")))
      .returning({ id: productImports.id });
    if (started.length === 0) return "over";
  }
  const actor = adminActor(row.startedBy);
  const context = {
    categoryIds: await importCategories(db, actor, preview),
    fetchImage: options.fetchImage,
    reason: importReason(row.fileName),
  };
  try {
    for (let at = row.nextProduct; at < preview.products.length; at++) {
      // At least one product a run, however short its slice.
      if (at > row.nextProduct && Date.now() > until) return "more";
      const saved = at - row.nextProduct;
      if (ANALYZE_AFTER.has(saved) || saved % ANALYZE_EVERY === 0) await analyzeCatalogue(db);
      await letOthersIn();
      const plan = preview.products[at] as PlannedProduct;
      const outcome = await importProduct(db, actor, plan, {
        ...context,
        alongside: async (tx, saved) => {
          if (!(await advance(tx, row.id, at, plan, saved))) throw new ImportMovedOn();
        },
      });
      if (outcome.result === "failed" && !(await advance(db, row.id, at, plan, outcome))) {
        return "over";
      }
    }
  } finally {
    shopChanged();
  }
  await endImport(db, row.id, ["running"], { status: "finished" });
  lastPreview = undefined;
  return "over";
}

/**
 * The `import-products` job: runs the import a slice at a time, asking the queue to come back at
 * once while there is more. Given up on (a product that crashes the process each time), the
 * import stops and says what was left out.
 */
export function importProductsJob(
  db: Database,
  options: { fetchImage?: ImageFetch; sliceMs?: number } = {},
): JobHandler {
  return {
    maxAttempts: 3,
    run: async (job) => {
      const [row] = await db
        .select()
        .from(productImports)
        .where(eq(productImports.id, job.subjectId));
      if (!row?.fileBase64 || (row.status !== "queued" && row.status !== "running")) {
        return undefined;
      }
      const ran = await runImport(db, row as ProductImportRow & { fileBase64: string }, {
        fetchImage: options.fetchImage ?? guardedFetch,
        sliceMs: options.sliceMs ?? SLICE_MS,
      });
      if (ran === "over") return undefined;
      kickJob();
      return { runAt: new Date() };
    },
    onParked: async (tx, job) => {
      await endImport(tx, job.subjectId, ["queued", "running"], { status: "stopped" });
    },
  };
}

/** The admin stops an import: what it has not reached is left out. */
export async function stopProductImport(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const stopped = await endImport(tx, id, ["queued", "running"], { status: "stopped" });
    if (stopped.length === 0) {
      const [known] = await tx
        .select({ id: productImports.id })
        .from(productImports)
        .where(eq(productImports.id, id));
      throw known
        ? new DomainError("CONFLICT", IMPORT_OVER)
        : new DomainError("NOT_FOUND", IMPORT_NOT_FOUND);
    }
    await recordAudit(tx, {
      actor,
      action: "product-import.stopped",
      entity: { type: "product-import", id },
      after: { status: "stopped" },
    });
  });
}

const progressColumns = {
  id: productImports.id,
  fileName: productImports.fileName,
  status: productImports.status,
  rowsTotal: productImports.rowsTotal,
  rowsDone: productImports.rowsDone,
  rowsFailed: productImports.rowsFailed,
  rowsLeftOut: productImports.rowsLeftOut,
  created: productImports.created,
  updated: productImports.updated,
  outcomes: productImports.outcomes,
  problems: productImports.problems,
  startedAt: productImports.createdAt,
  finishedAt: productImports.finishedAt,
};

/** An import as its progress page shows it (never the file). */
export async function getProductImport(db: Database, id: string): Promise<ImportProgress> {
  const [row] = await db
    .select(progressColumns)
    .from(productImports)
    .where(eq(productImports.id, id));
  if (!row) throw new DomainError("NOT_FOUND", IMPORT_NOT_FOUND);
  return row;
}

/** The latest imports, newest first, without their outcomes. */
export async function recentProductImports(db: Database, limit = 5) {
  return db
    .select({
      id: productImports.id,
      fileName: productImports.fileName,
      status: productImports.status,
      rowsTotal: productImports.rowsTotal,
      startedAt: productImports.createdAt,
    })
    .from(productImports)
    .orderBy(desc(productImports.createdAt))
    .limit(limit);
}
