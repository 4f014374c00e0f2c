import { getDb } from "@server/db/connection";
import { pdfResponse } from "@server/http/pdf-response";
import { documentsPdf } from "@server/invoices/document-pdf";
import { loadDocuments } from "@server/invoices/documents";
import { data } from "react-router";
import type { Route } from "./+types/dashboard.admin-order-document";

// /dashboard/admin-orders/:orderId/documents/:documentId: an order's VAT invoice or a credit note
// as a PDF (behind the admin's guard, dashboard.admin: its middleware runs for this resource route).

export async function loader({ params }: Route.LoaderArgs) {
  const [document] = await loadDocuments(await getDb(), {
    documentId: params.documentId,
    orderId: params.orderId,
  });
  if (!document) throw data("Document not found.", { status: 404 });
  return pdfResponse(await documentsPdf([document], document.label), `${document.label}.pdf`);
}
