import { eq } from "drizzle-orm";
import { customerActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { users } from "../db/schema/auth";
import { DomainError } from "../errors";
import { anonymiseCustomerOrders } from "../orders/anonymise-orders";
import type { Auth } from "./auth";

const WRONG_PASSWORD = "Your password is not correct.";

/**
 * Deletes a customer's account after checking their password (a wrong one is refused with a
 * DomainError). Their orders stay, for the shop's accounts, with the personal details removed
 * (docs/architecture.md §5; an open one is cancelled, its stock back); sessions and credentials go with the user.
 */
export async function deleteAccount(
  auth: Auth,
  db: Database,
  userId: string,
  password: string,
): Promise<void> {
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(userId)).find(
    (account) => account.providerId === "credential",
  );
  if (!credential?.password) throw new DomainError("BAD_REQUEST", WRONG_PASSWORD);
  const valid = await context.password.verify({ hash: credential.password, password });
  if (!valid) throw new DomainError("BAD_REQUEST", WRONG_PASSWORD);
  await db.transaction(async (tx) => {
    await anonymiseCustomerOrders(tx, userId, customerActor(userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
