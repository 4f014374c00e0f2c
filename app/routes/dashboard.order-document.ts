import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { pdfResponse } from "@server/http/pdf-response";
import { documentsPdf } from "@server/invoices/document-pdf";
import { loadDocuments } from "@server/invoices/documents";
import { data } from "react-router";
import type { Route } from "./+types/dashboard.order-document";

// /dashboard/orders/:orderId/documents/:documentId: the VAT invoice or a credit note of one of the
// signed-in customer's own orders, as a PDF. Anyone else's answers as one that does not exist.

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [document] = await loadDocuments(await getDb(), {
    documentId: params.documentId,
    orderId: params.orderId,
    userId: user.id,
  });
  if (!document) throw data("Document not found.", { status: 404 });
  return pdfResponse(await documentsPdf([document], document.label), `${document.label}.pdf`);
}
