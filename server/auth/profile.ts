import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { users } from "./schema";

export type Profile = { fullName: string; email: string; phone: string };

export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ fullName: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row, phone: row.phone ?? "" } : null;
}

/** Saves the customer's own contact details (the email changes only through verification). */
export async function updateProfile(
  db: Database,
  userId: string,
  input: { fullName: string; phone: string },
): Promise<void> {
  await db
    .update(users)
    .set({ name: input.fullName, phone: input.phone || null })
    .where(eq(users.id, userId));
}

/** Keeps the phone number a customer checked out with, for their next checkout; unchanged, no write. */
export async function rememberPhone(db: Database, userId: string, phone: string): Promise<void> {
  await db
    .update(users)
    .set({ phone })
    .where(and(eq(users.id, userId), sql`${users.phone} is distinct from ${phone}`));
}
