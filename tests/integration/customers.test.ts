import { formatOrderNumber } from "@common/orders/order-number";
import { fulfilOrder, refundOrderFromAdmin } from "@server/admin/order-actions";
import { auditLog } from "@server/audit/schema";
import { users } from "@server/auth/schema";
import { productVariants } from "@server/catalog/schema";
import { startCheckout } from "@server/checkout/checkout-service";
import { listCustomers } from "@server/customers/customer-list";
import { eraseCustomer, exportCustomerData } from "@server/customers/customer-privacy";
import { getAdminCustomer, saveCustomerNote } from "@server/customers/customer-profile";
import { customerNotes } from "@server/customers/schema";
import { DomainError } from "@server/errors";
import { newsletterSubscribers } from "@server/newsletter/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { reviews } from "@server/reviews/schema";
import { stockAlerts } from "@server/stock-alerts/schema";
import { wishlistItems } from "@server/wishlist/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  orderRow,
  paidOrderOfTwo,
  payOrder,
  testCheckoutSettings,
} from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The admin's customers: found by name or email with what each bought (paid orders, less
// refunds), their page, the team's note (audited, without its words), a copy of their data, and
// erasure that keeps their orders for the accounts and takes the person away.

const provider = createTestProvider("integration-test-secret-of-32-characters!");

describe.each(testDrivers)("the admin's customers on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  /** A customer with a paid £39.99 order, a review of what they bought and a saved product. */
  async function customerWithHistory(name: string) {
    const paid = await paidOrderOfTwo(db(), provider);
    const order = await orderRow(db(), paid.orderId);
    await db().update(users).set({ name }).where(eq(users.id, paid.userId));
    const [variant] = await db()
      .select({ productId: productVariants.productId })
      .from(productVariants)
      .where(eq(productVariants.id, paid.variantId));
    const productId = variant?.productId ?? "";
    await db()
      .insert(reviews)
      .values({ productId, userId: paid.userId, rating: 5, title: "Bright", body: "Works." });
    await db().insert(wishlistItems).values({ userId: paid.userId, productId });
    return { ...paid, email: order.customerEmail, productId };
  }

  it("finds customers by name or email, with their paid orders, spending and consent", async () => {
    const first = await customerWithHistory("Priya Shah");
    const second = await customerWithHistory("Tom Hughes");
    // A second paid order for Priya (£20.00 and £3.99 delivery, no first-order discount), then
    // £10.00 of it refunded: she spent 39.99 + 23.99 - 10.00.
    const variantId = `pen-${first.userId}`;
    await createProduct(db(), {
      variants: [{ id: variantId, pricePence: 2000, stockQuantity: 5 }],
    });
    const { orderId: again } = await startCheckout(
      db(),
      provider,
      { userId: first.userId, request: checkoutCart([{ variantId, quantity: 1 }]) },
      testCheckoutSettings,
    );
    await payOrder(db(), again);
    await refundOrderFromAdmin(db(), first.adminId, again, {
      amountPence: 1000,
      restock: [],
      reason: null,
    });
    // An order never paid counts for nothing.
    const quiet = await createCustomer(db(), "quiet@example.com");
    await db()
      .insert(newsletterSubscribers)
      .values({
        email: first.email.toLowerCase(),
        token: `token-${first.userId}`,
        status: "subscribed",
        sourcePage: "/",
        consentText: "Deals.",
        confirmedAt: new Date(),
      });

    const byName = await listCustomers(db(), { q: "priya" });
    expect(byName.total).toBe(1);
    expect(byName.customers[0]).toMatchObject({
      id: first.userId,
      name: "Priya Shah",
      orders: 2,
      spentPence: 3999 + 2399 - 1000,
      marketing: true,
    });
    expect(byName.customers[0]?.lastOrderAt).toBeInstanceOf(Date);

    const byEmail = await listCustomers(db(), { q: second.email.slice(0, 12).toUpperCase() });
    expect(byEmail.customers.map((row) => row.id)).toContain(second.userId);
    expect(byEmail.customers.find((row) => row.id === second.userId)?.marketing).toBe(false);

    const bySpend = await listCustomers(db(), { sort: "spent", dir: "desc" });
    expect(bySpend.customers[0]?.id).toBe(first.userId);
    const quietRow = bySpend.customers.find((row) => row.id === quiet);
    expect(quietRow).toMatchObject({ orders: 0, spentPence: 0, lastOrderAt: null });
    // Never bought: last, whichever way the last order is sorted.
    for (const dir of ["asc", "desc"] as const) {
      const byLast = await listCustomers(db(), { sort: "last-order", dir });
      expect(byLast.customers.at(-1)?.lastOrderAt).toBeNull();
    }
    // Admins are not customers; a page past the end is empty, with the count still right.
    await db()
      .update(users)
      .set({ role: "admin", staffRole: "owner" })
      .where(eq(users.id, first.adminId));
    const all = await listCustomers(db(), {});
    expect(all.customers.map((row) => row.id)).not.toContain(first.adminId);
    const paged = await listCustomers(db(), { page: 2 }, 2);
    expect(paged.total).toBe(all.total);
    expect(paged.customers.length).toBe(Math.min(2, all.total - 2));
  });

  it("keeps the team's note, and audits who changed it without its words", async () => {
    const { userId, adminId } = await customerWithHistory("Ana Lopez");
    await saveCustomerNote(db(), adminId, userId, "Prefers delivery to her office.");
    await saveCustomerNote(db(), adminId, userId, "Prefers delivery to her office.");
    const detail = await getAdminCustomer(db(), userId);
    expect(detail.note).toBe("Prefers delivery to her office.");
    expect(detail.orders).toHaveLength(1);
    expect(detail.reviews).toEqual([expect.objectContaining({ rating: 5, title: "Bright" })]);
    expect(detail.figures).toMatchObject({ orders: 1, spentPence: 3999 });
    // Saving the same words again records nothing new.
    expect(detail.history.map((entry) => entry.action)).toEqual(["customer.note_updated"]);
    expect(JSON.stringify(detail.history)).not.toContain("office");
    await saveCustomerNote(db(), adminId, userId, "");
    expect((await getAdminCustomer(db(), userId)).note).toBe("");
    expect(await db().select().from(customerNotes)).toHaveLength(0);
    // An admin's account is not a customer's.
    await expect(getAdminCustomer(db(), "no-such-user")).rejects.toBeInstanceOf(DomainError);
  });

  it("exports what the shop holds about the customer, and records that it did", async () => {
    const { userId, adminId, email, orderId } = await customerWithHistory("Sam Green");
    await saveCustomerNote(db(), adminId, userId, "Asked for their data on the phone.");
    // Asked, as a guest, to hear when a sold-out pen is back.
    await createProduct(db(), {
      name: "Sold-out Pen",
      variants: [{ id: "sold-out-pen", pricePence: 2499, stockQuantity: 0 }],
    });
    await db()
      .insert(stockAlerts)
      .values({ variantId: "sold-out-pen", email: email.toLowerCase() });
    const order = await orderRow(db(), orderId);
    const exported = await exportCustomerData(db(), adminId, userId);
    expect(exported.account).toMatchObject({ id: userId, name: "Sam Green", email });
    expect(exported.orders).toHaveLength(1);
    expect(exported.orders[0]).toMatchObject({
      status: "paid",
      email,
      shippingAddress: order.shippingAddress,
      totalPence: 3999,
      items: [expect.objectContaining({ quantity: 2, unitPricePence: 2000 })],
    });
    expect(exported.shopNote?.note).toBe("Asked for their data on the phone.");
    expect(exported.newsletter).toBeNull();
    expect(exported.reviews).toEqual([
      expect.objectContaining({ title: "Bright", body: "Works." }),
    ]);
    expect(exported.wishlist).toHaveLength(1);
    expect(exported.backInStockAlerts).toEqual([
      expect.objectContaining({ product: "Sold-out Pen", emailedAt: null }),
    ]);
    expect(exported.campaignsReceived).toEqual([]);
    // A JSON file: it survives the trip.
    expect(JSON.parse(JSON.stringify(exported)).orders[0].number).toMatch(/^GL-\d+$/);
    const [recorded] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "customer.exported"), eq(auditLog.entityId, userId)));
    expect(recorded).toMatchObject({ actorType: "admin", actorId: adminId });
  });

  it("erases the person and keeps their orders for the accounts, blanked", async () => {
    const { userId, adminId, email, orderId } = await customerWithHistory("Lee Brown");
    await saveCustomerNote(db(), adminId, userId, "Wants everything gone.");
    await createProduct(db(), {
      name: "Sold-out Pen",
      variants: [{ id: "gone-pen", pricePence: 2499, stockQuantity: 0 }],
    });
    await db().insert(stockAlerts).values({ variantId: "gone-pen", email: email.toLowerCase() });
    await db()
      .insert(newsletterSubscribers)
      .values({
        email: email.toLowerCase(),
        token: `token-${userId}`,
        status: "subscribed",
        sourcePage: "/",
        consentText: "Deals.",
      });
    // Paid and not yet sent, the order still needs its address: refused, and nothing is gone.
    const number = formatOrderNumber((await orderRow(db(), orderId)).number);
    await expect(eraseCustomer(db(), adminId, userId)).rejects.toMatchObject({
      code: "CONFLICT",
      message: `This customer has an order paid but not yet sent (${number}): send or refund it first, then erase the account.`,
    });
    expect(await db().select().from(users).where(eq(users.id, userId))).toHaveLength(1);
    expect((await orderRow(db(), orderId)).shippingAddress).not.toContain("Removed");

    await fulfilOrder(db(), adminId, orderId, { carrier: "Royal Mail", trackingNumber: null });
    await eraseCustomer(db(), adminId, userId);

    expect(await db().select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(await db().select().from(customerNotes)).toHaveLength(0);
    expect(await db().select().from(reviews).where(eq(reviews.userId, userId))).toHaveLength(0);
    expect(
      await db().select().from(wishlistItems).where(eq(wishlistItems.userId, userId)),
    ).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email.toLowerCase())),
    ).toHaveLength(0);
    expect(
      await db().select().from(stockAlerts).where(eq(stockAlerts.email, email.toLowerCase())),
    ).toHaveLength(0);
    const kept = await orderRow(db(), orderId);
    expect(kept).toMatchObject({
      userId: null,
      customerFullName: "Deleted customer",
      customerEmail: "deleted@invalid",
      totalPence: 3999,
      status: "fulfilled",
    });
    const trail = await db().select().from(auditLog).where(eq(auditLog.actorId, adminId));
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(["order.anonymised", "customer.erased"]),
    );
    // The record says the details went, never what they were.
    expect(JSON.stringify(trail)).not.toContain(email);
    expect(JSON.stringify(trail)).not.toContain("Lee Brown");
    // Once erased, there is no one to erase or export.
    await expect(eraseCustomer(db(), adminId, userId)).rejects.toThrow("Customer not found.");
    await expect(exportCustomerData(db(), adminId, userId)).rejects.toThrow("Customer not found.");
  });

  it("never erases an admin's account from the customers' screen", async () => {
    const { adminId } = await customerWithHistory("Kim Admin");
    const otherAdmin = await createCustomer(db(), "boss@example.com");
    await db()
      .update(users)
      .set({ role: "admin", staffRole: "owner" })
      .where(eq(users.id, otherAdmin));
    await expect(eraseCustomer(db(), adminId, otherAdmin)).rejects.toThrow("Customer not found.");
    expect(await db().select().from(users).where(eq(users.id, otherAdmin))).toHaveLength(1);
  });
});
