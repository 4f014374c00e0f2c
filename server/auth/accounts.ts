import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { type UserRole, users } from "../db/schema/auth";
import { seedDemoOrders } from "../orders/demo-orders";
import type { Auth } from "./auth";

// Accounts made by the shop itself (demo accounts, `npm run create-admin`), with a password hashed
// by better-auth exactly as a sign-up would, and the email already verified.

export type AccountInput = { email: string; password: string; fullName: string; role: UserRole };

/**
 * Creates the account, or, when the address is registered, gives it the role (an existing password
 * is changed only when `resetPassword` is set). Returns whether it was created.
 */
export async function ensureAccount(
  auth: Auth,
  db: Database,
  input: AccountInput,
  { resetPassword = false }: { resetPassword?: boolean } = {},
): Promise<{ result: "created" | "updated"; userId: string }> {
  const context = await auth.$context;
  const email = input.email.toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    await db
      .update(users)
      .set({ role: input.role, emailVerified: true })
      .where(eq(users.id, existing.id));
    if (resetPassword) {
      await context.internalAdapter.updatePassword(
        existing.id,
        await context.password.hash(input.password),
      );
    }
    return { result: "updated", userId: existing.id };
  }
  const user = await context.internalAdapter.createUser(
    { email, name: input.fullName, emailVerified: true, role: input.role },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(input.password),
  });
  return { result: "created", userId: user.id };
}

/** DESIGN §4: the two demo accounts, seeded in demo mode only. */
export const demoAccounts: AccountInput[] = [
  {
    email: "customer@example.com",
    password: "customer-password-1",
    fullName: "Demo Customer",
    role: "customer",
  },
  {
    email: "admin@example.com",
    password: "admin-password-1",
    fullName: "Demo Admin",
    role: "admin",
  },
];

/** Creates the demo accounts that are missing (the customer with past orders); never touches one that exists. */
export async function seedDemoAccounts(auth: Auth, db: Database): Promise<number> {
  let created = 0;
  for (const account of demoAccounts) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email))
      .limit(1);
    if (existing) continue;
    const { userId } = await ensureAccount(auth, db, account);
    if (account.role === "customer") await seedDemoOrders(db, { id: userId, email: account.email });
    created++;
  }
  return created;
}
