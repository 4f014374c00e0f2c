import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { AdminCustomerDetail } from "../../common/customers/admin-customer-query";
import { listOrders } from "../admin/admin-orders";
import { entityHistory } from "../audit/audit-history";
import { adminActor, recordAudit } from "../audit/audit-log";
import { users } from "../auth/schema";
import { products } from "../catalog/schema";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { newsletterSubscribers } from "../newsletter/schema";
import { orders } from "../orders/schema";
import { reviews } from "../reviews/schema";
import { savedAddresses } from "./address-book";
import { customerNotes } from "./schema";

// One customer as the admin's page shows them (docs/admin.md, Customers): who they are, what they
// bought, where they send it, what they wrote, whether they agreed to marketing, and the admins'
// own note. Callers are behind the admin's guard.

/** Orders shown on the customer's page: the newest; the orders list has the rest. */
const RECENT_ORDERS = 10;

/** The customer account an admin may act on: a customer's, never an admin's. */
export async function customerAccount(db: Database, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      emailVerified: users.emailVerified,
      joinedAt: users.createdAt,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.role !== "customer") throw new DomainError("NOT_FOUND", "Customer not found.");
  const { role: _role, ...customer } = user;
  return customer;
}

export async function getAdminCustomer(db: Database, userId: string): Promise<AdminCustomerDetail> {
  const customer = await customerAccount(db, userId);
  const [figureRows, subscriberRows, noteRows, recent, addresses, reviewRows, history] =
    await Promise.all([
      db
        .select({
          orders: sql<number>`count(*)::int`,
          spentPence: sql<number>`coalesce(sum(${orders.totalPence} - ${orders.refundedPence}), 0)::int`,
          lastOrderAt: sql<Date | null>`max(${orders.createdAt})`,
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt))),
      db
        .select({
          status: newsletterSubscribers.status,
          signedUpAt: newsletterSubscribers.signedUpAt,
          confirmedAt: newsletterSubscribers.confirmedAt,
        })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, customer.email.toLowerCase())),
      db
        .select({ note: customerNotes.note })
        .from(customerNotes)
        .where(eq(customerNotes.userId, userId)),
      listOrders(db, { userId }, RECENT_ORDERS),
      savedAddresses(db, userId),
      db
        .select({
          id: reviews.id,
          productId: reviews.productId,
          productName: products.name,
          rating: reviews.rating,
          title: reviews.title,
          body: reviews.body,
          hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.userId, userId))
        .orderBy(desc(reviews.createdAt)),
      entityHistory(db, { type: "customer", id: userId }),
    ]);
  const figures = figureRows[0] ?? { orders: 0, spentPence: 0, lastOrderAt: null };
  return {
    customer,
    figures: {
      ...figures,
      lastOrderAt: figures.lastOrderAt ? new Date(figures.lastOrderAt) : null,
    },
    marketing: subscriberRows[0] ?? null,
    note: noteRows[0]?.note ?? "",
    orders: recent.orders,
    orderCount: recent.total,
    addresses,
    reviews: reviewRows,
    history,
  };
}

/**
 * The admins' note about a customer, replaced (an empty one removes it). The audit row says who
 * changed it and when, and how long it was and is: not its words, which stay only on the page.
 */
export async function saveCustomerNote(
  db: Database,
  adminId: string,
  userId: string,
  note: string,
): Promise<void> {
  await customerAccount(db, userId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ note: customerNotes.note })
      .from(customerNotes)
      .where(eq(customerNotes.userId, userId))
      .for("update");
    if ((before?.note ?? "") === note) return;
    if (note === "") await tx.delete(customerNotes).where(eq(customerNotes.userId, userId));
    else
      await tx
        .insert(customerNotes)
        .values({ userId, note })
        .onConflictDoUpdate({ target: customerNotes.userId, set: { note, updatedAt: new Date() } });
    await recordAudit(tx, {
      actor: adminActor(adminId),
      action: "customer.note_updated",
      entity: { type: "customer", id: userId },
      before: { characters: before?.note.length ?? 0 },
      after: { characters: note.length },
    });
  });
}
