import { type AnyColumn, and, desc, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./database";

// A CSV download read from the database a batch at a time (decision record 010): the database
// writes each batch's lines as one text value, read by keyset, so the cost of a batch never
// depends on how many rows there are and the server holds one string per batch.

export type CsvBatch<Cursor> = {
  /** The batch's lines, each ending in a line break. */
  csv: string;
  rows: number;
  /** Where the batch ended: the next starts after it. */
  last: Cursor | null;
};

/**
 * The header, then each batch in turn, as a stream of UTF-8 text; one batch read per pull. A
 * batch that fails once the download has begun goes to `onFailure` (which logs it and ends the
 * connection, so the download shows as failed), and the stream ends there without a word more.
 */
export function csvBatchStream<Cursor>(options: {
  header: readonly string[];
  batchSize: number;
  readBatch: (after: Cursor | null) => Promise<CsvBatch<Cursor>>;
  onFailure: (error: unknown) => void;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: Cursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark: spreadsheet apps then read the £ and accents as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${options.header.join(",")}\n`));
        return;
      }
      let batch: CsvBatch<Cursor>;
      try {
        batch = await options.readBatch(after);
      } catch (error) {
        options.onFailure(error);
        controller.close();
        return;
      }
      if (batch.rows > 0) controller.enqueue(encoder.encode(batch.csv));
      if (batch.rows < options.batchSize || !batch.last) {
        controller.close();
        return;
      }
      after = batch.last;
    },
  });
}

/** Where a batch newest first ended: its last row's time (as text, to the microsecond) and id. */
export type NewestFirstCursor = { createdAt: string; id: string };

/**
 * The next batch of `table`'s rows after `after`, newest first, each as the CSV `line` (written
 * by the database, ending in a line break), in one statement.
 */
export async function readNewestFirst(
  db: Database,
  options: {
    table: PgTable;
    createdAt: AnyColumn;
    id: AnyColumn;
    line: SQL<string>;
    where: SQL | undefined;
    batchSize: number;
    after: NewestFirstCursor | null;
  },
): Promise<CsvBatch<NewestFirstCursor>> {
  const { table, createdAt, id, after } = options;
  const keyset = after
    ? sql`(${createdAt}, ${id}) < (${after.createdAt}::timestamptz, ${after.id})`
    : undefined;
  const batch = db
    .select({
      id: sql<string>`${id}`.as("row_id"),
      createdAt: sql<Date>`${createdAt}`.as("row_created_at"),
      // Text, to the microsecond: the next batch starts exactly after the last row.
      cursor: sql<string>`${createdAt}::text`.as("cursor"),
      line: options.line.as("line"),
    })
    .from(table)
    .where(and(options.where, keyset))
    .orderBy(desc(createdAt), desc(id))
    .limit(options.batchSize)
    .as("batch");
  const [result] = await db
    .select({
      csv: sql<
        string | null
      >`string_agg(${batch.line}, '' order by ${batch.createdAt} desc, ${batch.id} desc)`,
      rows: sql<number>`count(*)::int`,
      lastCursor: sql<
        string | null
      >`(array_agg(${batch.cursor} order by ${batch.createdAt}, ${batch.id}))[1]`,
      lastId: sql<
        string | null
      >`(array_agg(${batch.id} order by ${batch.createdAt}, ${batch.id}))[1]`,
    })
    .from(batch);
  const last =
    result?.lastCursor && result.lastId
      ? { createdAt: result.lastCursor, id: result.lastId }
      : null;
  return { csv: result?.csv ?? "", rows: result?.rows ?? 0, last };
}
