import { fulfilOrder, refundOrderFromAdmin } from "@server/admin/order-actions";
import { adminActor } from "@server/audit/audit-log";
import { products } from "@server/catalog/schema";
import { startCheckout } from "@server/checkout/checkout-service";
import { recordPaymentSucceeded } from "@server/checkout/payment-service";
import { eraseCustomer } from "@server/customers/customer-privacy";
import { documentsPdf } from "@server/invoices/document-pdf";
import { documentsOfOrder, loadDocuments } from "@server/invoices/documents";
import { ordersToPack, packingSlipsPdf } from "@server/invoices/packing-slips";
import { invoices } from "@server/invoices/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { saveShopSettings, settingsVersion } from "@server/settings/settings-editor";
import { getShopSettings } from "@server/settings/shop-settings";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  orderRow,
  paidOrderOfTwo,
  payOrder,
  testBrand,
  testCheckoutSettings,
} from "../factories";
import { embeddedFontCount, pdfPages } from "../pdf-text";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// VAT invoices and credit notes (docs/decisions/044): numbered in their series with no gap and
// none twice, issued with the payment or the refund, and printed with what HMRC asks of a full
// VAT invoice. The seller is the configuration's demo business (Gleam Smile Ltd, GB999999973).

const provider = createTestProvider("integration-test-secret-of-32-characters!");

describe.each(testDrivers)("VAT invoices on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();

  it("numbers one invoice per paid order, in turn, even when payments arrive together", async () => {
    const orderIds: string[] = [];
    for (let index = 0; index < 6; index++) {
      const userId = await createCustomer(db());
      await createProduct(db(), { variants: [{ id: `v-${index}`, pricePence: 1500 }] });
      const { orderId } = await startCheckout(
        db(),
        provider,
        { userId, request: checkoutCart([{ variantId: `v-${index}`, quantity: 1 }]) },
        testCheckoutSettings,
      );
      orderIds.push(orderId);
    }
    // All six confirmations at once, and one of them twice (a replayed webhook).
    await Promise.all([...orderIds, orderIds[0] ?? ""].map((id) => payOrder(db(), id)));
    const rows = await db().select().from(invoices).orderBy(asc(invoices.number));
    expect(rows.map((row) => row.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(orderIds));
    let previous = 0;
    for (const row of rows) {
      const order = await orderRow(db(), row.orderId);
      expect(row).toMatchObject({
        kind: "invoice",
        grossPence: order.totalPence,
        vatPence: order.vatPence,
      });
      // Issued when paid, or with the invoice before it if that one was dated later.
      expect(row.issuedAt.getTime()).toBeGreaterThanOrEqual(order.paidAt?.getTime() ?? 0);
      expect(row.issuedAt.getTime()).toBeGreaterThanOrEqual(previous);
      previous = row.issuedAt.getTime();
    }
  });

  it("never dates a later number earlier: a payment numbered after a later one takes its date", async () => {
    const orderIds: string[] = [];
    for (let index = 0; index < 2; index++) {
      const userId = await createCustomer(db());
      await createProduct(db(), { variants: [{ id: `late-${index}`, pricePence: 1500 }] });
      const checkout = await startCheckout(
        db(),
        provider,
        { userId, request: checkoutCart([{ variantId: `late-${index}`, quantity: 1 }]) },
        testCheckoutSettings,
      );
      orderIds.push(checkout.orderId);
    }
    const [first = "", second = ""] = orderIds;
    const noon = new Date("2026-11-28T12:00:00Z");
    const pay = async (orderId: string, at: Date) => {
      const order = await orderRow(db(), orderId);
      await recordPaymentSucceeded(
        db(),
        {
          provider: "test",
          eventId: `evt-${orderId}`,
          type: "payment_intent.succeeded",
          intentId: order.providerIntentId ?? "",
          amountPence: order.totalPence,
          currency: "gbp",
        },
        testBrand,
        at,
      );
    };
    // The second payment reached the counter first, with the later time.
    await pay(second, noon);
    await pay(first, new Date(noon.getTime() - 1000));
    const rows = await db().select().from(invoices).orderBy(asc(invoices.number));
    expect(rows.map((row) => [row.orderId, row.issuedAt.toISOString()])).toEqual([
      [second, noon.toISOString()],
      [first, noon.toISOString()],
    ]);
  });

  it("prints every field of a full VAT invoice, the discount and delivery as lines", async () => {
    const { orderId } = await paidOrderOfTwo(db(), provider);
    const [summary] = await documentsOfOrder(db(), orderId);
    expect(summary).toMatchObject({ kind: "invoice", label: "INV-000001", grossPence: 3999 });
    const [document] = await loadDocuments(db(), { documentId: summary?.id ?? "", orderId });
    if (!document) throw new Error("no invoice loaded");
    const pdf = await documentsPdf([document], document.label);
    const [page] = await pdfPages(pdf);
    const order = await orderRow(db(), orderId);
    for (const field of [
      "VAT invoice",
      "Gleam Smile Ltd",
      "Unit 4",
      "EC1A 1BB",
      "VAT registration number: GB 999 9999 73",
      "Company number: 01234567",
      "Invoice number:",
      "INV-000001",
      "Date of issue:",
      "Time of supply:",
      `GL-${order.number}`,
      "Bill to",
      "Ada Lovelace",
      "1 Analytical Row",
      "Description",
      "Qty",
      "Unit price excl. VAT",
      "VAT rate",
      "Net",
      // 2 x £20.00 with VAT: £16.67 each without; £33.33 the line.
      "£16.67",
      "£33.33",
      "20%",
      "Discount: first order",
      "−£3.33",
      // £3.99 delivery is £3.32 without its 67p of VAT (66.5p, rounded half up).
      "Delivery: Standard delivery",
      "£3.32",
      // £39.99 includes £6.67 of VAT; the lines' nets add up to the rest.
      "Net total",
      "£33.32",
      "VAT at 20%",
      "£6.67",
      "Total (VAT included)",
      "£39.99",
    ]) {
      expect(page, field).toContain(field);
    }
    expect(embeddedFontCount(pdf)).toBeGreaterThanOrEqual(2);
  });

  it("never changes an issued document: erasing the buyer, moving the business, renaming a product", async () => {
    const { orderId, adminId, userId } = await paidOrderOfTwo(db(), provider);
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 1200,
      restock: [],
      reason: "One pouch arrived damaged",
    });
    const issued = async () => {
      const documents = [];
      for (const { id } of await db()
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.orderId, orderId))) {
        documents.push(...(await loadDocuments(db(), { documentId: id, orderId })));
      }
      return documents.sort((a, b) => a.label.localeCompare(b.label));
    };
    const before = await issued();
    expect(before).toHaveLength(2);
    const buyer = before[0]?.order.customerFullName ?? "";
    expect(buyer).not.toBe("Deleted customer");

    await fulfilOrder(db(), adminId, orderId, { carrier: null, trackingNumber: null });
    await eraseCustomer(db(), adminId, userId);
    await saveShopSettings(db(), adminActor(adminId), {
      ...{
        ...(await getShopSettings(db())),
        businessAddress: "99 New Premises, Leeds, LS1 4AP",
      },
      version: await settingsVersion(db()),
    });
    await db().update(products).set({ name: "Renamed Strips" });

    const after = await issued();
    expect(after).toEqual(before);
    const [page] = await pdfPages(await documentsPdf(after, "documents"));
    expect(page).toContain(buyer);
    expect(page).not.toContain("Deleted customer");
    expect(page).not.toContain("New Premises");
    expect(page).not.toContain("Renamed Strips");
  });

  it("issues a credit note for a partial refund, which names the invoice it corrects", async () => {
    const { orderId, adminId } = await paidOrderOfTwo(db(), provider);
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 1200,
      restock: [],
      reason: "One pouch arrived damaged",
    });
    const documents = await documentsOfOrder(db(), orderId);
    expect(documents.map((document) => [document.label, document.grossPence])).toEqual([
      ["INV-000001", 3999],
      ["CN-000001", 1200],
    ]);
    const [note] = await db().select().from(invoices).where(eq(invoices.kind, "credit_note"));
    // £12.00 with VAT: £2.00 of it VAT.
    expect(note).toMatchObject({ grossPence: 1200, vatPence: 200, number: 1 });
    const [credit] = await loadDocuments(db(), { documentId: note?.id ?? "", orderId });
    if (!credit) throw new Error("no credit note loaded");
    const [page] = await pdfPages(await documentsPdf([credit], credit.label));
    for (const field of [
      "Credit note",
      "CN-000001",
      "Corrects invoice:",
      "INV-000001",
      "Refund of money only, no goods returned: One pouch arrived damaged",
      "£10.00",
      "VAT at 20%",
      "£2.00",
      "Total credited (VAT included)",
      "£12.00",
    ]) {
      expect(page, field).toContain(field);
    }
  });

  it("finds a customer's own document only, and a date range's for the admin", async () => {
    const { orderId, userId } = await paidOrderOfTwo(db(), provider);
    const [summary] = await documentsOfOrder(db(), orderId);
    const documentId = summary?.id ?? "";
    expect(await loadDocuments(db(), { documentId, orderId, userId })).toHaveLength(1);
    const stranger = await createCustomer(db());
    expect(await loadDocuments(db(), { documentId, orderId, userId: stranger })).toEqual([]);
    const now = Date.now();
    expect(
      await loadDocuments(db(), {
        issuedFrom: new Date(now - 60_000),
        issuedBefore: new Date(now + 60_000),
      }),
    ).toHaveLength(1);
    expect(
      await loadDocuments(db(), {
        issuedFrom: new Date(now + 60_000),
        issuedBefore: new Date(now + 120_000),
      }),
    ).toEqual([]);
  });

  it("prints a packing slip for each order to fulfil, with no prices", async () => {
    const { orderId } = await paidOrderOfTwo(db(), provider);
    const order = await orderRow(db(), orderId);
    const slips = await ordersToPack(db());
    expect(slips.map((slip) => slip.number)).toEqual([`GL-${order.number}`]);
    const [page] = await pdfPages(await packingSlipsPdf(slips, "Gleam"));
    expect(page).toContain("Packing slip");
    expect(page).toContain("Ada Lovelace");
    expect(page).toContain("N1 1AA");
    expect(page).toContain("Test Product");
    expect(page).not.toContain("£");
  });
});
