import { includedVatPence } from "../../common/checkout/pricing";
import { formatLongDate } from "../../common/dates";
import { discountSourceText } from "../../common/discounts/discounts";
import { formatVatNumber } from "../../common/invoices/vat-number";
import { formatPence } from "../../common/money";
import type { DocumentView } from "./documents";
import { PDF_COLOURS, shopPdf } from "./shop-pdf";

// VAT invoices and credit notes as PDF (docs/decisions/044), with what HMRC asks of a full VAT
// invoice: the seller, its VAT number, the document's number, its date and the time of supply,
// the customer, and each line's description, quantity, unit price without VAT, VAT rate and net
// amount, then the net total, the VAT and the total. Discounts and delivery are lines of their
// own.

const VAT_RATE = "20%";
const { ink: INK, muted: MUTED, line: LINE } = PDF_COLOURS;

type Line = {
  description: string;
  quantity: number;
  unitNetPence: number;
  netPence: number;
  /** A gift card sold: a multi-purpose voucher, outside the scope of VAT until it is spent. */
  noVat?: boolean;
};

const netOf = (grossPence: number) =>
  grossPence < 0
    ? -(-grossPence - includedVatPence(-grossPence))
    : grossPence - includedVatPence(grossPence);

/**
 * The document's lines without VAT: each line's net is its gross less the VAT it includes. The
 * VAT itself is worked out on the total (as the order's pages and emails show it), so the lines'
 * nets may add up to a penny more or less than the net total; the document says so.
 */
function linesOf(document: DocumentView): Line[] {
  if (document.kind === "credit_note" && document.lines) {
    return document.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitNetPence: netOf(line.unitPricePence),
      netPence: netOf(line.unitPricePence * line.quantity),
    }));
  }
  if (document.kind === "credit_note") {
    // A credit note from before its lines were kept.
    const net = document.grossPence - document.vatPence;
    return [
      {
        description: `Refund for order ${document.order.number}`,
        quantity: 1,
        unitNetPence: net,
        netPence: net,
      },
    ];
  }
  const { order } = document;
  const lines: Line[] = document.items.map((item) =>
    item.giftCard
      ? {
          description: item.description,
          quantity: item.quantity,
          unitNetPence: item.unitPricePence,
          netPence: item.unitPricePence * item.quantity,
          noVat: true,
        }
      : {
          description: item.description,
          quantity: item.quantity,
          unitNetPence: netOf(item.unitPricePence),
          netPence: netOf(item.unitPricePence * item.quantity),
        },
  );
  if (order.discountPence > 0) {
    const net = netOf(-order.discountPence);
    lines.push({
      description: `Discount: ${discountSourceText(order)}`,
      quantity: 1,
      unitNetPence: net,
      netPence: net,
    });
  }
  const delivery = netOf(order.shippingPence);
  lines.push({
    description: `Delivery: ${order.deliveryMethodName ?? "Standard delivery"}${
      order.discountCode && order.discountPence === 0
        ? `, free with code ${order.discountCode}`
        : ""
    }`,
    quantity: 1,
    unitNetPence: delivery,
    netPence: delivery,
  });
  return lines;
}

const money = (pence: number) => (pence < 0 ? `−${formatPence(-pence)}` : formatPence(pence));

const LEFT = 50;
const WIDTH = 495;

/** The seller's details on the left, the document's title and facts on the right; where they end. */
function drawHeading(pdf: PDFKit.PDFDocument, document: DocumentView): number {
  const { seller, order } = document;
  const invoice = document.kind === "invoice";
  pdf.fillColor(INK).font("bold").fontSize(16).text(seller.legalName, LEFT, 50, { width: 280 });
  pdf.font("regular").fontSize(9).fillColor(MUTED);
  if (seller.shopName && seller.shopName !== seller.legalName) {
    pdf.text(`Trading as ${seller.shopName}`, { width: 280 });
  }
  for (const part of seller.address.split(",")) pdf.text(part.trim(), { width: 280 });
  pdf.text(`VAT registration number: ${formatVatNumber(seller.vatNumber)}`, { width: 280 });
  if (seller.companyNumber) pdf.text(`Company number: ${seller.companyNumber}`, { width: 280 });
  pdf.text(seller.supportEmail, { width: 280 });

  pdf.fillColor(INK).font("bold").fontSize(20);
  pdf.text(invoice ? "VAT invoice" : "Credit note", 345, 50, { width: 200, align: "right" });
  pdf.font("regular").fontSize(9);
  const facts: [string, string][] = [
    [invoice ? "Invoice number" : "Credit note number", document.label],
    ["Date of issue", formatLongDate(document.issuedAt)],
    [invoice ? "Time of supply" : "Date of refund", formatLongDate(document.issuedAt)],
    ["Order", order.number],
    ...(invoice
      ? []
      : [["Corrects invoice", document.invoiceLabel ?? "none issued"] as [string, string]]),
  ];
  let y = 82;
  for (const [name, value] of facts) {
    pdf.fillColor(MUTED).text(`${name}:`, 345, y, { width: 110, align: "right" });
    pdf.fillColor(INK).text(value, 460, y, { width: 85, align: "right" });
    y += 14;
  }

  return Math.max(pdf.y, y);
}

/** Whom the document is for, from `top`; where it ends. */
function drawBuyer(pdf: PDFKit.PDFDocument, document: DocumentView, top: number): number {
  const { order } = document;
  const y = top + 24;
  pdf
    .font("bold")
    .fontSize(9)
    .fillColor(INK)
    .text(document.kind === "invoice" ? "Bill to" : "Credited to", LEFT, y);
  pdf
    .font("regular")
    .fillColor(INK)
    .text(order.customerFullName, LEFT, pdf.y + 2);
  for (const part of order.shippingAddress.split("\n")) pdf.text(part);
  return pdf.y;
}

/** The lines' table, from `top`; where it ends. */
function drawLines(pdf: PDFKit.PDFDocument, document: DocumentView, top: number): number {
  let y = top + 24;
  const columns = [
    { title: "Description", x: LEFT, width: 215, align: "left" as const },
    { title: "Qty", x: 270, width: 35, align: "right" as const },
    { title: "Unit price excl. VAT", x: 310, width: 90, align: "right" as const },
    { title: "VAT rate", x: 405, width: 50, align: "right" as const },
    { title: "Net", x: 460, width: 85, align: "right" as const },
  ];
  pdf.font("bold").fontSize(8.5);
  for (const column of columns) {
    pdf.text(column.title, column.x, y, { width: column.width, align: column.align });
  }
  y += 16;
  pdf
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .strokeColor(LINE)
    .stroke();
  y += 6;
  pdf.font("regular").fontSize(9);
  for (const line of linesOf(document)) {
    const cells = [
      line.description,
      String(line.quantity),
      money(line.unitNetPence),
      line.noVat ? "None" : VAT_RATE,
      money(line.netPence),
    ];
    const height = pdf.heightOfString(line.description, { width: 215 });
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (column) pdf.text(cell, column.x, y, { width: column.width, align: column.align });
    });
    y += Math.max(height, 12) + 6;
  }
  pdf
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .strokeColor(LINE)
    .stroke();
  y += 10;

  return y;
}

/** The totals, from `top`; where they end. */
function drawTotals(pdf: PDFKit.PDFDocument, document: DocumentView, top: number): number {
  const invoice = document.kind === "invoice";
  let y = top;
  const net = document.grossPence - document.vatPence;
  const totals: [string, string, boolean][] = [
    [invoice ? "Net total" : "Net credited", money(net), false],
    [`VAT at ${VAT_RATE}`, money(document.vatPence), false],
    [
      invoice ? "Total (VAT included)" : "Total credited (VAT included)",
      money(document.grossPence),
      true,
    ],
  ];
  for (const [name, value, strong] of totals) {
    pdf
      .font(strong ? "bold" : "regular")
      .fontSize(strong ? 11 : 9)
      .fillColor(INK);
    pdf.text(name, 240, y, { width: 215, align: "right" });
    pdf.text(value, 460, y, { width: 85, align: "right" });
    y += strong ? 18 : 14;
  }

  return y;
}

/**
 * How the order was paid, or refunded. A gift card is a multi-purpose voucher (HMRC's VAT Notice
 * 700/7): no VAT was charged when it was sold, and the VAT above is on the goods it paid for.
 */
function paymentNote(document: DocumentView): string {
  const sold = document.items.some((item) => item.giftCard)
    ? " Gift cards sold are multi-purpose vouchers: no VAT is charged on them; it is due on what they buy."
    : "";
  return `${paidNote(document)}${sold}`;
}

function paidNote(document: DocumentView): string {
  const { giftCardPence } = document.order;
  const invoice = document.kind === "invoice";
  if (giftCardPence === 0) {
    return invoice ? "Paid in full by card." : "Refunded to the card that paid.";
  }
  const voucher =
    "A gift card is a multi-purpose voucher: the VAT shown is due on the goods it paid for, not on the card.";
  if (!invoice) return `Refunded to the card that paid first, then to the gift card. ${voucher}`;
  const byCard = document.grossPence - giftCardPence;
  return byCard > 0
    ? `Paid ${money(giftCardPence)} by gift card and ${money(byCard)} by card. ${voucher}`
    : `Paid in full by gift card. ${voucher}`;
}

/** What a credit note says of itself, and the closing words on money, from `top`. */
function drawNotes(pdf: PDFKit.PDFDocument, document: DocumentView, top: number): void {
  const { order } = document;
  const invoice = document.kind === "invoice";
  let y = top;
  if (!invoice && document.reason) {
    pdf
      .font("bold")
      .fontSize(9)
      .fillColor(INK)
      .text("Reason for the credit", LEFT, y, { width: WIDTH });
    pdf.font("regular").text(document.reason, { width: WIDTH });
    y = pdf.y + 6;
  }
  if (!invoice && !document.invoiceLabel) {
    pdf
      .font("regular")
      .fontSize(9)
      .fillColor(INK)
      .text(
        `No VAT invoice was issued for this order: it was paid${
          order.paidAt ? ` on ${formatLongDate(order.paidAt)}` : ""
        }, before the shop issued VAT invoices. This credit note corrects the order's price as paid.`,
        LEFT,
        y,
        { width: WIDTH },
      );
    y = pdf.y + 6;
  }
  pdf.font("regular").fontSize(8).fillColor(MUTED);
  pdf.text(
    `Amounts in pounds sterling (GBP). ${paymentNote(document)} VAT is worked out on the total, so the lines' net amounts may differ from the net total by a penny.`,
    LEFT,
    y + 12,
    { width: WIDTH },
  );
}

function drawDocument(pdf: PDFKit.PDFDocument, document: DocumentView): void {
  const heading = drawHeading(pdf, document);
  const buyer = drawBuyer(pdf, document, heading);
  const lines = drawLines(pdf, document, buyer);
  const totals = drawTotals(pdf, document, lines);
  drawNotes(pdf, document, Math.max(totals, pdf.y) + 16);
}

/** One PDF of the documents, each from a new page. */
export function documentsPdf(documents: readonly DocumentView[], title: string): Promise<Buffer> {
  return shopPdf(documents, { title, author: documents[0]?.seller.legalName ?? "" }, drawDocument);
}
