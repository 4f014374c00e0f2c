import type { Database } from "@server/db/database";
import { documentsPdf } from "@server/invoices/document-pdf";
import { documentsOfOrder, loadDocuments } from "@server/invoices/documents";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of each page of a PDF, its runs joined by spaces, as a reader would copy it. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  await pdf.destroy();
  return pages;
}

/** Whether the PDF embeds its fonts (a FontFile2/FontFile3 stream for each font), none fetched. */
export function embeddedFontCount(bytes: Uint8Array): number {
  const text = Buffer.from(bytes).toString("latin1");
  return (text.match(/\/FontFile[23]?\b/g) ?? []).length;
}

/** The first page's text of an order's first document (its VAT invoice), as printed. */
export async function invoicePageText(db: Database, orderId: string): Promise<string> {
  const [document] = await documentsOfOrder(db, orderId);
  const [invoice] = await loadDocuments(db, { documentId: document?.id ?? "", orderId });
  if (!invoice) throw new Error("the order has no invoice");
  const [page] = await pdfPages(await documentsPdf([invoice], invoice.label));
  return page ?? "";
}
