import { getDb } from "@server/db/connection";
import { DomainError, httpStatusFor } from "@server/errors";
import { pdfResponse } from "@server/http/pdf-response";
import { documentsPdf } from "@server/invoices/document-pdf";
import { documentsOfPeriod } from "@server/invoices/period-documents";
import type { Route } from "./+types/dashboard.admin-invoices";

// /dashboard/admin-orders/invoices?from=&to=: every VAT invoice and credit note of a period as one
// PDF, for the accountant (behind the admin's guard, dashboard.admin); the period's rules are
// server/invoices/period-documents.ts. The PDF is drawn a page at a time, the process answering
// other requests between pages (server/invoices/shop-pdf.ts).

function refuse(error: DomainError): Response {
  return new Response(error.message, {
    status: httpStatusFor(error.code),
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ url }: Route.LoaderArgs) {
  let period: Awaited<ReturnType<typeof documentsOfPeriod>>;
  try {
    period = await documentsOfPeriod(
      await getDb(),
      url.searchParams.get("from") ?? "",
      url.searchParams.get("to") ?? "",
    );
  } catch (error) {
    if (error instanceof DomainError) return refuse(error);
    throw error;
  }
  const { from, to, documents } = period;
  return pdfResponse(
    await documentsPdf(documents, `Invoices and credit notes ${from} to ${to}`),
    `invoices-${from}-to-${to}.pdf`,
  );
}
