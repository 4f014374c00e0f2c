import { readShopDay, shopDayStart } from "@common/dates";
import { getDb } from "@server/db/connection";
import { pdfResponse } from "@server/http/pdf-response";
import { documentsPdf } from "@server/invoices/document-pdf";
import { loadDocuments } from "@server/invoices/documents";
import type { Route } from "./+types/dashboard.admin-invoices";

// /dashboard/admin-orders/invoices?from=&to=: every VAT invoice and credit note issued from the
// first day to the last (London's days, both included; dd/mm/yyyy or YYYY-MM-DD) as one PDF, for
// the accountant (behind the admin's guard, dashboard.admin). A day that is not one, or a period
// past a year or 5,000 documents, is refused with what to do instead; the PDF is drawn a page at a
// time, the process answering other requests between pages (server/invoices/shop-pdf.ts).

const DAY_MS = 86_400_000;
/** A year at most (a leap year's), and no more documents than a PDF an accountant opens. */
const MAX_DAYS = 366;
const MAX_DOCUMENTS = 5_000;

function refuse(message: string, status = 400): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  const from = readShopDay(url.searchParams.get("from") ?? "");
  const to = readShopDay(url.searchParams.get("to") ?? "");
  if (!from || !to) return refuse("Enter the first and the last day as dd/mm/yyyy.");
  if (to < from) return refuse("The last day cannot come before the first.");
  if (shopDayStart(to).getTime() - shopDayStart(from).getTime() >= MAX_DAYS * DAY_MS) {
    return refuse(`Choose at most ${MAX_DAYS} days at once: download a longer period in parts.`);
  }
  const dayAfter = new Date(shopDayStart(to).getTime() + DAY_MS + 2 * 3_600_000);
  const documents = await loadDocuments(await getDb(), {
    issuedFrom: shopDayStart(from),
    issuedBefore: shopDayStart(dayAfter.toISOString().slice(0, 10)),
  });
  if (documents.length === 0)
    return refuse("No invoices or credit notes were issued on those days.", 404);
  if (documents.length > MAX_DOCUMENTS) {
    return refuse(
      `Those days hold ${documents.length} invoices and credit notes: download at most ${MAX_DOCUMENTS} at once, a shorter period at a time.`,
    );
  }
  return pdfResponse(
    await documentsPdf(documents, `Invoices and credit notes ${from} to ${to}`),
    `invoices-${from}-to-${to}.pdf`,
  );
}
