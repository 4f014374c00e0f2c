import { eq } from "drizzle-orm";
import type { StaffRole } from "../../common/auth/staff-access";
import type { Database } from "../db/database";
import type { Auth } from "./auth";
import { type UserRole, users } from "./schema";

// Accounts made by the shop itself (demo accounts, `npm run create-admin`), with a password hashed
// by better-auth exactly as a sign-up would, and the email already verified.

export type AccountInput = {
  email: string;
  password: string;
  fullName: string;
  role: UserRole;
  /** An admin's role on the staff (common/auth/staff-access.ts); an owner unless said. */
  staffRole?: StaffRole;
};

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
  const staffRole = input.role === "admin" ? (input.staffRole ?? "owner") : null;
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    await db
      .update(users)
      .set({ role: input.role, staffRole, emailVerified: true })
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
    { email, name: input.fullName, emailVerified: true, role: input.role, staffRole },
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
