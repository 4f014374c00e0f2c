import { ensureAccount } from "@server/auth/accounts";
import { deleteAccount } from "@server/auth/delete-account";
import { getProfile, updateProfile } from "@server/auth/profile";
import { customerOrderTotals, listCustomerOrders } from "@server/orders/orders-service";
import { orderItems, orders } from "@server/orders/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestAuth } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

describe.each(testDrivers)("a customer's orders and details on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  async function customer(email: string) {
    const auth = createTestAuth(db());
    const { userId } = await ensureAccount(auth, db(), {
      email,
      password: "password-123",
      fullName: email,
      role: "customer",
    });
    return userId;
  }

  async function order(
    userId: string,
    id: string,
    totalPence: number,
    daysAgo: number,
    status: "paid" | "pending" | "cancelled" = "paid",
  ) {
    const createdAt = new Date(Date.now() - daysAgo * 86_400_000);
    await db()
      .insert(orders)
      .values({
        id,
        userId,
        status,
        paidAt: status === "paid" ? createdAt : null,
        subtotalPence: totalPence,
        vatPence: Math.round(totalPence / 6),
        totalPence,
        customerFullName: "X",
        customerEmail: "x@example.com",
        customerPhone: "0",
        shippingAddress: "1 Street",
        createdAt,
      });
    await db().insert(orderItems).values({
      orderId: id,
      productId: "prod2",
      variantId: "prod2-75ml",
      productName: "Whitening Toothpaste",
      variantName: "75 ml",
      unitPricePence: totalPence,
      quantity: 1,
    });
  }

  it("lists only the customer's own orders, newest first, with items, and totals them", async () => {
    const ada = await customer("ada@example.com");
    const bob = await customer("bob@example.com");
    for (let i = 1; i <= 5; i++) await order(ada, `ada-${i}`, 1000 * i, 10 - i);
    await order(bob, "bob-1", 99_999, 0);
    // A checkout never paid (still pending, or cancelled at expiry) is not an order placed.
    await order(ada, "ada-unpaid", 50_000, 0, "pending");
    await order(ada, "ada-expired", 60_000, 0, "cancelled");

    const recent = await listCustomerOrders(db(), ada, 4);
    expect(recent.map((row) => row.id)).toEqual(["ada-5", "ada-4", "ada-3", "ada-2"]);
    expect(recent[0]?.items).toEqual([
      {
        // For its "Write a review" link.
        productId: "prod2",
        productName: "Whitening Toothpaste",
        variantName: "75 ml",
        quantity: 1,
        unitPricePence: 5000,
      },
    ]);
    expect(await customerOrderTotals(db(), ada)).toEqual({ count: 5, totalPence: 15_000 });
    expect((await listCustomerOrders(db(), bob)).map((row) => row.id)).toEqual(["bob-1"]);
    expect(await customerOrderTotals(db(), "nobody")).toEqual({ count: 0, totalPence: 0 });
    expect(await listCustomerOrders(db(), "nobody")).toEqual([]);
  });

  it("saves the customer's details and only theirs", async () => {
    const ada = await customer("ada@example.com");
    const bob = await customer("bob@example.com");
    await updateProfile(db(), ada, { fullName: "Ada King", phone: "+44 7700 900123" });
    expect(await getProfile(db(), ada)).toEqual({
      fullName: "Ada King",
      email: "ada@example.com",
      phone: "+44 7700 900123",
    });
    expect(await getProfile(db(), bob)).toMatchObject({ fullName: "bob@example.com", phone: "" });
    await updateProfile(db(), ada, { fullName: "Ada King", phone: "" });
    expect((await getProfile(db(), ada))?.phone).toBe("");
  });
});

describe.each(testDrivers)("deleting an account on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("needs the password, keeps the orders without personal details and removes the user", async () => {
    const auth = createTestAuth(db());
    const { userId } = await ensureAccount(auth, db(), {
      email: "leaving@example.com",
      password: "password-123",
      fullName: "Leaving Customer",
      role: "customer",
    });
    await db().insert(orders).values({
      id: "kept-order",
      userId,
      status: "delivered",
      subtotalPence: 1499,
      vatPence: 250,
      totalPence: 1499,
      customerFullName: "Leaving Customer",
      customerEmail: "leaving@example.com",
      customerPhone: "07700 900123",
      shippingAddress: "1 Private Road",
    });

    await expect(deleteAccount(auth, db(), userId, "wrong-password")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Your password is not correct.",
    });
    expect(await getProfile(db(), userId)).not.toBeNull();

    // An order paid and not yet sent keeps the account (and its address) until it leaves.
    await db().update(orders).set({ status: "paid" }).where(eq(orders.id, "kept-order"));
    const [paid] = await db().select().from(orders);
    await expect(deleteAccount(auth, db(), userId, "password-123")).rejects.toMatchObject({
      code: "CONFLICT",
      message: `You have an order we have not sent yet (GL-${paid?.number}). You can delete your account once it is on its way, or contact us to cancel it.`,
    });
    expect(await getProfile(db(), userId)).not.toBeNull();
    await db().update(orders).set({ status: "delivered" }).where(eq(orders.id, "kept-order"));

    await deleteAccount(auth, db(), userId, "password-123");
    expect(await getProfile(db(), userId)).toBeNull();
    const [kept] = await db().select().from(orders);
    expect(kept).toMatchObject({
      id: "kept-order",
      userId: null,
      totalPence: 1499,
      customerFullName: "Deleted customer",
      customerEmail: "deleted@invalid",
      customerPhone: "",
    });
    expect(kept?.shippingAddress).not.toContain("Private");
  });
});
