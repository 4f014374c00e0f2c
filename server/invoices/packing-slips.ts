import { asc, eq, inArray } from "drizzle-orm";
import { lineLabel } from "../../common/cart/cart-rules";
import { formatLongDate } from "../../common/dates";
import { orderDeliveryText } from "../../common/delivery/delivery";
import { formatOrderNumber } from "../../common/orders/order-number";
import type { Database } from "../db/database";
import { orderItems, orders } from "../orders/schema";
import { PDF_COLOURS, shopPdf } from "./shop-pdf";

// Packing slips for the orders to fulfil (paid, not yet shipped), oldest first, printed in one
// go: a page each with the delivery address and method, the items and quantities, and the
// customer's note. No prices: the slip goes in the parcel.

/** More than a day's packing for a small shop; the rest print once these are shipped. */
const MAX_SLIPS = 200;

type Slip = {
  number: string;
  paidAt: Date | null;
  name: string;
  address: string;
  phone: string;
  delivery: string | null;
  notes: string | null;
  items: { description: string; quantity: number }[];
};

export async function ordersToPack(db: Database): Promise<Slip[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.status, "paid"))
    .orderBy(asc(orders.paidAt), asc(orders.number))
    .limit(MAX_SLIPS);
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.variantName));
  return rows.map((order) => ({
    number: formatOrderNumber(order.number),
    paidAt: order.paidAt,
    name: order.customerFullName,
    address: order.shippingAddress,
    phone: order.customerPhone,
    delivery: orderDeliveryText(order),
    notes: order.notes,
    items: items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({
        description: lineLabel({ name: item.productName, variantName: item.variantName }),
        quantity: item.quantity,
      })),
  }));
}

function drawSlip(pdf: PDFKit.PDFDocument, slip: Slip, shopName: string): void {
  const left = 50;
  pdf.fillColor(PDF_COLOURS.ink).font("bold").fontSize(18).text("Packing slip", left, 50);
  pdf.font("regular").fontSize(10).fillColor(PDF_COLOURS.muted);
  pdf.text(`${shopName} · Order ${slip.number}`);
  if (slip.paidAt) pdf.text(`Paid ${formatLongDate(slip.paidAt)}`);
  pdf.moveDown();
  pdf.font("bold").fillColor(PDF_COLOURS.ink).text("Deliver to");
  pdf.font("regular").text(slip.name);
  for (const part of slip.address.split("\n")) pdf.text(part);
  pdf.text(slip.phone);
  if (slip.delivery) {
    pdf.moveDown(0.5);
    pdf.font("bold").text("Delivery: ", { continued: true }).font("regular").text(slip.delivery);
  }
  pdf.moveDown();
  let y = pdf.y;
  pdf.font("bold").fontSize(9).text("Item", left, y, { width: 380 });
  pdf.text("Qty", 440, y, { width: 60, align: "right" });
  pdf.text("Packed", 505, y, { width: 40, align: "right" });
  y += 16;
  pdf.moveTo(left, y).lineTo(545, y).strokeColor(PDF_COLOURS.line).stroke();
  y += 6;
  pdf.font("regular").fontSize(10);
  for (const item of slip.items) {
    pdf.text(item.description, left, y, { width: 380 });
    const next = pdf.y;
    pdf.text(String(item.quantity), 440, y, { width: 60, align: "right" });
    pdf.rect(531, y, 10, 10).strokeColor(PDF_COLOURS.muted).stroke();
    y = Math.max(next, y + 12) + 8;
  }
  if (slip.notes) {
    pdf.font("bold").text("Customer's note", left, y + 12);
    pdf.font("regular").text(slip.notes, { width: 495 });
  }
}

/** One PDF, a page per order to fulfil. */
export function packingSlipsPdf(slips: readonly Slip[], shopName: string): Promise<Buffer> {
  return shopPdf(slips, { title: "Packing slips", author: shopName }, (pdf, slip) =>
    drawSlip(pdf, slip, shopName),
  );
}
