import { cancelOrderFromAdmin, refundOrderFromAdmin } from "@server/admin/order-actions";
import { documentsPdf } from "@server/invoices/document-pdf";
import { loadDocuments } from "@server/invoices/documents";
import { invoices } from "@server/invoices/schema";
import { orderItems } from "@server/orders/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderRow, paidOrderOfTwo } from "../factories";
import { pdfPages } from "../pdf-text";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Credit notes say what was credited (docs/decisions/054): each unit refunded with its price, the
// discount's share of them, the delivery when it went back, a refund of money only as a line of
// its own with the admin's reason, and the invoice corrected (or why there is none). The order:
// 2 strips at £20.00, 10% off as a first order, £3.99 delivery: £39.99 paid.

const provider = createTestProvider("integration-test-secret-of-32-characters!");

describe.each(testDrivers)("credit notes on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  async function paidOrder() {
    const paid = await paidOrderOfTwo(db(), provider);
    const [line] = await db()
      .select({ id: orderItems.id, productName: orderItems.productName })
      .from(orderItems)
      .where(eq(orderItems.orderId, paid.orderId));
    if (!line) throw new Error("the order has no line");
    return { ...paid, orderItemId: line.id, productName: line.productName };
  }

  const creditNotes = async (orderId: string) =>
    db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "credit_note")))
      .orderBy(asc(invoices.number));

  async function printed(orderId: string, documentId: string) {
    const [document] = await loadDocuments(db(), { documentId, orderId });
    if (!document) throw new Error("no credit note loaded");
    const [page] = await pdfPages(await documentsPdf([document], document.label));
    return page ?? "";
  }

  it("lists each unit refunded, the discount's share, the delivery and money only, with the reason", async () => {
    const order = await paidOrder();
    const reason = "Pouch split in the post; £5 for the trouble";
    // One strip: £20.00 less its £2.00 share of the discount, the £3.99 delivery, £5.00 more.
    await refundOrderFromAdmin(db(), order.adminId, order.orderId, {
      amountPence: 1800 + 399 + 500,
      restock: [],
      credit: { items: [{ orderItemId: order.orderItemId, quantity: 1 }], delivery: true },
      reason,
    });
    const [note] = await creditNotes(order.orderId);
    expect(note?.lines).toEqual([
      { description: order.productName, quantity: 1, unitPricePence: 2000 },
      {
        description: "Less the discount on these items: first order",
        quantity: 1,
        unitPricePence: -200,
      },
      { description: "Delivery: Standard delivery", quantity: 1, unitPricePence: 399 },
      {
        description: `Refund of money only, no goods returned: ${reason}`,
        quantity: 1,
        unitPricePence: 500,
      },
    ]);
    expect(note).toMatchObject({ grossPence: 2699, reason });
    const page = await printed(order.orderId, note?.id ?? "");
    for (const field of [
      "Corrects invoice:",
      "INV-000001",
      order.productName,
      // £20.00 a unit is £16.67 without VAT; the £2.00 share is £1.67; the delivery £3.32.
      "£16.67",
      "−£1.67",
      "£3.32",
      "Refund of money only, no goods returned",
      "Reason for the credit",
      "Total credited (VAT included)",
      "£26.99",
    ]) {
      expect(page, field).toContain(field);
    }

    // What was credited is not credited again, and the amount covers what is chosen.
    const again = (credit: {
      items: { orderItemId: string; quantity: number }[];
      delivery: boolean;
    }) =>
      refundOrderFromAdmin(db(), order.adminId, order.orderId, {
        amountPence: 1000,
        restock: [],
        credit,
        reason: null,
      });
    await expect(
      again({ items: [{ orderItemId: order.orderItemId, quantity: 2 }], delivery: false }),
    ).rejects.toThrow("At most 1 of that item can be refunded.");
    await expect(again({ items: [], delivery: true })).rejects.toThrow(
      "The delivery was refunded already.",
    );
    await expect(
      again({
        items: [{ orderItemId: "not-this-order" }].map((item) => ({ ...item, quantity: 1 })),
        delivery: false,
      }),
    ).rejects.toThrow("That item is not in this order.");
    await expect(
      refundOrderFromAdmin(db(), order.adminId, order.orderId, {
        amountPence: 1000,
        restock: [],
        credit: { items: [{ orderItemId: order.orderItemId, quantity: 1 }], delivery: false },
        reason: null,
      }),
    ).rejects.toThrow(
      "The items and delivery chosen come to £18.00: refund at least that, or choose fewer.",
    );
    expect(await creditNotes(order.orderId)).toHaveLength(1);
    expect((await orderRow(db(), order.orderId)).refundedPence).toBe(2699);
  });

  it("says a refund of money only is that, and a cancellation credits what is left less it", async () => {
    const order = await paidOrder();
    await refundOrderFromAdmin(db(), order.adminId, order.orderId, {
      amountPence: 500,
      restock: [],
      reason: "Late delivery",
    });
    await cancelOrderFromAdmin(db(), order.adminId, order.orderId, {
      reason: "Customer asked to cancel",
      refundPence: 3499,
    });
    const [moneyOnly, cancelled] = await creditNotes(order.orderId);
    expect(moneyOnly?.lines).toEqual([
      {
        description: "Refund of money only, no goods returned: Late delivery",
        quantity: 1,
        unitPricePence: 500,
      },
    ]);
    expect(cancelled?.lines).toEqual([
      { description: order.productName, quantity: 2, unitPricePence: 2000 },
      {
        description: "Less the discount on these items: first order",
        quantity: 1,
        unitPricePence: -400,
      },
      { description: "Delivery: Standard delivery", quantity: 1, unitPricePence: 399 },
      {
        description: "Less what earlier refunds of this order gave back",
        quantity: 1,
        unitPricePence: -500,
      },
    ]);
    expect(cancelled).toMatchObject({ grossPence: 3499, reason: "Customer asked to cancel" });
  });

  it("says no VAT invoice was issued, and why, for an order paid before invoices", async () => {
    const order = await paidOrder();
    // As an order paid before the shop issued invoices (docs/decisions/044) has none.
    await db().delete(invoices).where(eq(invoices.orderId, order.orderId));
    await refundOrderFromAdmin(db(), order.adminId, order.orderId, {
      amountPence: 1800,
      restock: [],
      credit: { items: [{ orderItemId: order.orderItemId, quantity: 1 }], delivery: false },
      reason: "Changed their mind",
    });
    const [note] = await creditNotes(order.orderId);
    const page = await printed(order.orderId, note?.id ?? "");
    expect(page).toContain("Corrects invoice:");
    expect(page).toContain("none issued");
    expect(page).toContain("No VAT invoice was issued for this order: it was paid on");
    expect(page).toContain("before the shop issued VAT invoices");
    expect(page).not.toContain("INV-");
  });
});
