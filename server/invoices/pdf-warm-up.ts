import { documentsPdf } from "./document-pdf";

// The first PDF a process draws runs the PDF and font libraries' code for the first time, which
// compiles it as it goes, holding the worker on the first page of the first download
// (docs/performance.md, "Documents"). The server draws one sample document at start, while it
// still answers "not ready", so no request waits on that.

const SAMPLE_DAY = new Date("2026-01-01T12:00:00Z");

export async function warmDocumentPdf(): Promise<void> {
  await documentsPdf(
    [
      {
        kind: "credit_note",
        label: "CN-000000",
        invoiceLabel: "INV-000000",
        lines: [{ description: "Sample line", quantity: 1, unitPricePence: 1200 }],
        reason: "Sample reason",
        issuedAt: SAMPLE_DAY,
        seller: {
          legalName: "Sample Ltd",
          address: "1 Sample Street, London, N1 1AA",
          vatNumber: "GB999999973",
          companyNumber: "00000000",
          shopName: "Sample",
          supportEmail: "sample@example.com",
        },
        grossPence: 1200,
        vatPence: 200,
        order: {
          number: "GL-00000",
          paidAt: SAMPLE_DAY,
          customerFullName: "Sample Customer",
          shippingAddress: "1 Sample Street\nLondon\nN1 1AA",
          subtotalPence: 1200,
          discountPence: 0,
          discountCode: null,
          offerTitle: null,
          shippingPence: 0,
          deliveryMethodName: null,
          giftCardPence: 0,
        },
        items: [],
      },
    ],
    "Sample",
  );
}
