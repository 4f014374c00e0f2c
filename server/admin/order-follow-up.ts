import { eq } from "drizzle-orm";
import { formatOrderNumber } from "../../common/orders/order-number";
import { adminActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { type ResendableEmail, resendOrderEmail } from "../email/order-emails";
import { queueEmail } from "../email/outbox";
import { orderMessageEmail } from "../email/templates";
import { DomainError } from "../errors";
import { orders } from "../orders/schema";
import { emailBrand } from "../settings/shop-settings";

// What the admin does after an order is placed without changing it (docs/admin.md, Order
// follow-up): a note for the team, an email sent again, a message to the customer. Each is a row
// of the order's history (the audit log), written in the transaction that queues the email, so
// the timeline says what the customer was sent, by whom and when. The caller is behind the
// admin's guard and passes the admin's own id from the session.

const NO_ADDRESS =
  "This customer deleted their account, so the shop no longer has an address to write to.";

async function orderToWrite(tx: Database, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError("NOT_FOUND", "Order not found.");
  return order;
}

/** A note on the order's timeline, for the shop's people only: the customer never sees it. */
export function addOrderNote(db: Database, adminId: string, orderId: string, note: string) {
  return db.transaction(async (tx) => {
    await orderToWrite(tx, orderId);
    await recordAudit(tx, {
      actor: adminActor(adminId),
      action: "order.note_added",
      entity: { type: "order", id: orderId },
      reason: note,
    });
  });
}

const resendLabels: Record<ResendableEmail, string> = {
  confirmation: "The order confirmation",
  shipped: "The shipping email",
};

/**
 * Sends the order's confirmation (once it is paid) or its shipping email (once it has left) again,
 * to the order's address, as the order reads now (a tracking number added later is in it).
 */
export async function resendOrderEmailFromAdmin(
  db: Database,
  adminId: string,
  orderId: string,
  which: ResendableEmail,
) {
  const brand = await emailBrand(db);
  return db.transaction(async (tx) => {
    const order = await orderToWrite(tx, orderId);
    if (!order.userId) throw new DomainError("CONFLICT", NO_ADDRESS);
    if (which === "confirmation" && !order.paidAt)
      throw new DomainError("CONFLICT", "This order was never paid, so it has no confirmation.");
    if (which === "shipped" && !order.fulfilledAt)
      throw new DomainError("CONFLICT", "This order has not been sent yet.");
    await resendOrderEmail(tx, order, which, brand);
    await recordAudit(tx, {
      actor: adminActor(adminId),
      action: "order.email_resent",
      entity: { type: "order", id: orderId },
      after: { email: which, to: order.customerEmail },
      reason: `${resendLabels[which]}, sent again to ${order.customerEmail}.`,
    });
  });
}

/** A short message from the shop to the customer about their order, through the outbox. */
export async function emailCustomerAboutOrder(
  db: Database,
  adminId: string,
  orderId: string,
  message: { subject: string; body: string },
) {
  const brand = await emailBrand(db);
  return db.transaction(async (tx) => {
    const order = await orderToWrite(tx, orderId);
    if (!order.userId) throw new DomainError("CONFLICT", NO_ADDRESS);
    await queueEmail(
      tx,
      "order-message",
      orderMessageEmail(brand, order.customerEmail, {
        orderId: order.id,
        orderNumber: formatOrderNumber(order.number),
        customerName: order.customerFullName,
        ...message,
      }),
    );
    await recordAudit(tx, {
      actor: adminActor(adminId),
      action: "order.customer_emailed",
      entity: { type: "order", id: orderId },
      after: { subject: message.subject, to: order.customerEmail },
      reason: `“${message.subject}”\n${message.body}`,
    });
  });
}
