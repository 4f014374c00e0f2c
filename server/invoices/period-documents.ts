import { readShopDay, shopDayStart } from "../../common/dates";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { type DocumentView, loadDocuments } from "./documents";

// The VAT documents of a period, for the accountant's download (dashboard.admin-invoices): from
// the first day to the last, London's days, both included. A year and 5,000 documents at most at
// once: past that the admin is told to take it in parts, and no worker draws thousands of pages.

const DAY_MS = 86_400_000;
/** A year at most (a leap year's), and no more documents than a PDF an accountant opens. */
const MAX_DAYS = 366;
const MAX_DOCUMENTS = 5_000;

/** The documents issued from `fromText` to `toText` (dd/mm/yyyy or YYYY-MM-DD), or why not. */
export async function documentsOfPeriod(
  db: Database,
  fromText: string,
  toText: string,
): Promise<{ from: string; to: string; documents: DocumentView[] }> {
  const from = readShopDay(fromText);
  const to = readShopDay(toText);
  if (!from || !to) {
    throw new DomainError("BAD_REQUEST", "Enter the first and the last day as dd/mm/yyyy.");
  }
  if (to < from) throw new DomainError("BAD_REQUEST", "The last day cannot come before the first.");
  if (shopDayStart(to).getTime() - shopDayStart(from).getTime() >= MAX_DAYS * DAY_MS) {
    throw new DomainError(
      "BAD_REQUEST",
      `Choose at most ${MAX_DAYS} days at once: download a longer period in parts.`,
    );
  }
  const dayAfter = new Date(shopDayStart(to).getTime() + DAY_MS + 2 * 3_600_000);
  const documents = await loadDocuments(db, {
    issuedFrom: shopDayStart(from),
    issuedBefore: shopDayStart(dayAfter.toISOString().slice(0, 10)),
    // One more than may be drawn, to know there are too many without reading them all.
    limit: MAX_DOCUMENTS + 1,
  });
  if (documents.length === 0) {
    throw new DomainError("NOT_FOUND", "No invoices or credit notes were issued on those days.");
  }
  if (documents.length > MAX_DOCUMENTS) {
    throw new DomainError(
      "BAD_REQUEST",
      `Those days hold more than ${MAX_DOCUMENTS} invoices and credit notes: download at most ${MAX_DOCUMENTS} at once, a shorter period at a time.`,
    );
  }
  return { from, to, documents };
}
