import { and, asc, eq } from "drizzle-orm";
import { adminActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { users } from "./schema";

// Who runs the shop (docs/product.md#screens, admin settings; docs/product.md#beyond-a-brochure-site: the invite made real). An admin
// promotes an existing account by its email, or demotes another admin; never themselves, never
// the last one. Each change is written to the audit log in its transaction. Roles are read from
// the database on every request (no cached session), so a change holds at the next request.

export type AdminAccount = { id: string; fullName: string; email: string };

export function listAdmins(db: Database): Promise<AdminAccount[]> {
  return db
    .select({ id: users.id, fullName: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.name), asc(users.email));
}

export const MUST_SIGN_UP_FIRST =
  "No account uses this email. Ask them to sign up first, then invite them again.";

export async function promoteToAdmin(db: Database, adminId: string, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .for("update");
    if (!user) throw new DomainError("NOT_FOUND", MUST_SIGN_UP_FIRST);
    if (user.role === "admin")
      throw new DomainError("CONFLICT", "This account is an admin already.");
    await tx.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actor: adminActor(adminId),
      action: "user.promoted",
      entity: { type: "user", id: user.id },
      before: { role: user.role },
      after: { role: "admin" },
    });
  });
}

export async function demoteAdmin(db: Database, adminId: string, userId: string): Promise<void> {
  if (userId === adminId) {
    throw new DomainError("CONFLICT", "You cannot remove your own admin access.");
  }
  await db.transaction(async (tx) => {
    // Every admin row locked: two admins demoting each other at once cannot leave none.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "admin"))
      .orderBy(asc(users.id))
      .for("update");
    if (!admins.some((admin) => admin.id === userId)) {
      throw new DomainError("NOT_FOUND", "This account is not an admin.");
    }
    if (admins.length <= 1) throw new DomainError("CONFLICT", "The shop needs at least one admin.");
    await tx
      .update(users)
      .set({ role: "customer" })
      .where(and(eq(users.id, userId), eq(users.role, "admin")));
    await recordAudit(tx, {
      actor: adminActor(adminId),
      action: "user.demoted",
      entity: { type: "user", id: userId },
      before: { role: "admin" },
      after: { role: "customer" },
    });
  });
}
