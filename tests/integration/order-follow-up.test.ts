import { getAdminOrder } from "@server/admin/admin-order-detail";
import { fulfilOrder } from "@server/admin/order-actions";
import {
  addOrderNote,
  emailCustomerAboutOrder,
  resendOrderEmailFromAdmin,
} from "@server/admin/order-follow-up";
import { startCheckout } from "@server/checkout/checkout-service";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { orders } from "@server/orders/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  paidOrderOfTwo,
  testCheckoutSettings,
} from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The admin's follow-up on an order: a note on its timeline, its emails sent again, a message to
// the customer through the outbox. Each is a row of the order's history with who and when.

const provider = createTestProvider("integration-test-secret-of-32-characters!");

describe.each(testDrivers)("an order's follow-up on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  const mailbox = (kind?: string) =>
    db()
      .select()
      .from(emailOutbox)
      .orderBy(asc(emailOutbox.createdAt))
      .then((rows) => rows.filter((row) => !kind || row.kind === kind));

  const historyOf = async (orderId: string) =>
    (await getAdminOrder(db(), orderId))?.history.filter(
      (entry) => entry.action.startsWith("order.note") || entry.action.includes("email"),
    ) ?? [];

  it("puts a note on the timeline with the admin's name, and nothing in the mailbox", async () => {
    const { orderId, adminId } = await paidOrderOfTwo(db(), provider);
    const before = (await mailbox()).length;
    await addOrderNote(db(), adminId, orderId, "Customer rang: leave it with the neighbour.");
    const [entry] = await historyOf(orderId);
    expect(entry).toMatchObject({
      action: "order.note_added",
      actorType: "admin",
      reason: "Customer rang: leave it with the neighbour.",
    });
    expect(entry?.actorName).toBeTruthy();
    expect((await mailbox()).length).toBe(before);
  });

  it("emails the customer through the outbox and records the message", async () => {
    const { orderId, adminId } = await paidOrderOfTwo(db(), provider);
    await emailCustomerAboutOrder(db(), adminId, orderId, {
      subject: "Your parcel <b>today</b>",
      body: "It leaves this afternoon.\nThank you for waiting.",
    });
    const [sent] = await mailbox("order-message");
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(sent?.toAddress).toBe(order?.customerEmail);
    expect(sent?.subject).toBe("Your parcel <b>today</b>");
    // What the admin typed is text, never markup.
    expect(sent?.html).toContain("It leaves this afternoon.");
    expect(sent?.html).not.toContain("<b>today</b>");
    expect(sent?.text).toContain(`/dashboard/orders/${orderId}`);
    const [entry] = await historyOf(orderId);
    expect(entry).toMatchObject({
      action: "order.customer_emailed",
      reason: "“Your parcel <b>today</b>”\nIt leaves this afternoon.\nThank you for waiting.",
    });
  });

  it("sends the confirmation again once paid, and the shipping email only once sent", async () => {
    const { orderId, adminId } = await paidOrderOfTwo(db(), provider);
    await expect(resendOrderEmailFromAdmin(db(), adminId, orderId, "shipped")).rejects.toThrow(
      "This order has not been sent yet.",
    );
    const confirmations = (await mailbox("order-confirmation")).length;
    await resendOrderEmailFromAdmin(db(), adminId, orderId, "confirmation");
    expect((await mailbox("order-confirmation")).length).toBe(confirmations + 1);

    await fulfilOrder(db(), adminId, orderId, { carrier: "Royal Mail", trackingNumber: "AB1" });
    await resendOrderEmailFromAdmin(db(), adminId, orderId, "shipped");
    const shipped = await mailbox("order-shipped");
    expect(shipped).toHaveLength(2);
    expect(shipped[1]?.text).toContain("AB1");
    expect((await historyOf(orderId)).map((entry) => entry.reason)).toEqual([
      expect.stringMatching(/^The order confirmation, sent again to /),
      expect.stringMatching(/^The shipping email, sent again to /),
    ]);
  });

  it("refuses a confirmation for an unpaid order and any email once the account is gone", async () => {
    const userId = await createCustomer(db());
    const adminId = await createCustomer(db());
    const variantId = `pen-${userId}`;
    await createProduct(db(), { variants: [{ id: variantId, pricePence: 1500 }] });
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: checkoutCart([{ variantId, quantity: 1 }]) },
      testCheckoutSettings,
    );
    await expect(
      resendOrderEmailFromAdmin(db(), adminId, orderId, "confirmation"),
    ).rejects.toBeInstanceOf(DomainError);
    await db().update(orders).set({ userId: null }).where(eq(orders.id, orderId));
    await expect(
      emailCustomerAboutOrder(db(), adminId, orderId, { subject: "Hello", body: "Hi" }),
    ).rejects.toThrow(/no longer has an address/);
    expect(await mailbox("order-message")).toHaveLength(0);
    expect(await historyOf(orderId)).toHaveLength(0);
    await expect(addOrderNote(db(), adminId, "no-such-order", "x")).rejects.toThrow(
      "Order not found.",
    );
  });
});
