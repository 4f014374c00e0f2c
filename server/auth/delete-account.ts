import { eq } from "drizzle-orm";
import { type Actor, customerActor } from "../audit/audit-log";
import { productTag } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { forgetGiftCardPeople } from "../gift-cards/bought-gift-cards";
import { forgetSubscriber } from "../newsletter/subscriptions";
import { anonymiseCustomerOrders } from "../orders/anonymise-orders";
import { reviews } from "../reviews/schema";
import { forgetStockAlerts } from "../stock-alerts/stock-alerts";
import { keepAnOwner } from "./admins";
import type { Auth } from "./auth";
import { users } from "./schema";

const WRONG_PASSWORD = "Your password is not correct.";

/** Refuses with "Your password is not correct." unless `password` is the account's. */
export async function checkPassword(auth: Auth, userId: string, password: string): Promise<void> {
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(userId)).find(
    (account) => account.providerId === "credential",
  );
  if (!credential?.password) throw new DomainError("BAD_REQUEST", WRONG_PASSWORD, "password");
  const valid = await context.password.verify({ hash: credential.password, password });
  if (!valid) throw new DomainError("BAD_REQUEST", WRONG_PASSWORD, "password");
}

/**
 * Deletes a customer's account after checking their password (a wrong one is refused with a
 * DomainError). Their orders stay, for the shop's accounts, with the personal details removed
 * (docs/architecture.md#data; an open one is cancelled, its stock back); sessions and credentials go with the user.
 */
export async function deleteAccount(
  auth: Auth,
  db: Database,
  userId: string,
  password: string,
): Promise<void> {
  await checkPassword(auth, userId, password);
  await db.transaction((tx) =>
    removeAccount(tx, userId, customerActor(userId), "The customer deleted their account."),
  );
}

/**
 * An account and what the shop holds about its person go, in the caller's transaction: its
 * orders stay for the accounts with the personal details blanked (an open one cancelled), its
 * newsletter subscription is forgotten, and the user row takes its sessions, credentials,
 * addresses, reviews, wishlist and the admins' note with it. The customer's own deletion and the
 * admin's erasure at their request (server/customers/customer-privacy.ts) are this one path.
 */
export async function removeAccount(
  tx: Database,
  userId: string,
  actor: Actor,
  reason: string,
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) return;
  // The shop's last owner cannot leave it without one (docs/admin.md#staff).
  await keepAnOwner(tx, userId);
  // Before the orders lose their customer: the cards those orders bought are found by them.
  await forgetGiftCardPeople(tx, { id: userId, email: user.email });
  await anonymiseCustomerOrders(tx, userId, actor, reason);
  await forgetSubscriber(tx, { id: userId, email: user.email });
  await forgetStockAlerts(tx, user.email);
  // Their reviews go with the user row: the pages that show them are purged from the cache in
  // front, so their name does not outlive the account there.
  const reviewed = await tx
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  await enqueuePurge(
    tx,
    reviewed.map((review) => productTag(review.productId)),
  );
  await tx.delete(users).where(eq(users.id, userId));
}
