import { and, asc, eq } from "drizzle-orm";
import { type StaffRole, staffRoleLabels } from "../../common/auth/staff-access";
import { adminActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { users } from "./schema";

// Who runs the shop, and with which role (docs/decisions/071-staff-roles-in-one-table.md). The
// owner changes a member's role, or takes their access away; never their own, and never leaving
// the shop without an owner (members join by invitation: staff-invites.ts). Each change is
// written to the audit log in its transaction. Roles are read from the database on every request
// (no cached session), so a change holds at the next request.

export type StaffMember = { id: string; fullName: string; email: string; staffRole: StaffRole };

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      fullName: users.name,
      email: users.email,
      staffRole: users.staffRole,
    })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.name), asc(users.email));
  // The table's check gives every admin a role.
  return rows.map((row) => ({ ...row, staffRole: row.staffRole ?? "fulfilment" }));
}

export const LAST_OWNER = "The shop needs at least one owner.";

/**
 * Refuses when `userId` is the shop's only owner: every owner's row is locked for the count, so
 * two owners demoting (or deleting) each other at once cannot leave none.
 */
export async function keepAnOwner(tx: Database, userId: string): Promise<void> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.staffRole, "owner"))
    .orderBy(asc(users.id))
    .for("update");
  if (owners.length <= 1 && owners.some((owner) => owner.id === userId)) {
    throw new DomainError("CONFLICT", LAST_OWNER);
  }
}

/** The staff member `userId`, locked, with the shop kept in an owner's hands. */
async function lockedMember(tx: Database, userId: string) {
  await keepAnOwner(tx, userId);
  const [member] = await tx
    .select({ id: users.id, staffRole: users.staffRole })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, "admin")))
    .for("update");
  if (!member) throw new DomainError("NOT_FOUND", "This account is not on the staff.");
  return member;
}

export async function changeStaffRole(
  db: Database,
  ownerId: string,
  userId: string,
  staffRole: StaffRole,
): Promise<void> {
  if (userId === ownerId) {
    throw new DomainError("CONFLICT", "You cannot change your own role.");
  }
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, userId);
    if (member.staffRole === staffRole) {
      throw new DomainError("CONFLICT", `They are ${staffRoleLabels[staffRole]} already.`);
    }
    await tx
      .update(users)
      .set({ staffRole })
      .where(and(eq(users.id, userId), eq(users.role, "admin")));
    await recordAudit(tx, {
      actor: adminActor(ownerId),
      action: "user.role_changed",
      entity: { type: "user", id: userId },
      before: { staffRole: member.staffRole },
      after: { staffRole },
    });
  });
}

export async function removeStaff(db: Database, ownerId: string, userId: string): Promise<void> {
  if (userId === ownerId) {
    throw new DomainError("CONFLICT", "You cannot remove your own access.");
  }
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, userId);
    await tx
      .update(users)
      .set({ role: "customer", staffRole: null })
      .where(and(eq(users.id, userId), eq(users.role, "admin")));
    await recordAudit(tx, {
      actor: adminActor(ownerId),
      action: "user.demoted",
      entity: { type: "user", id: userId },
      before: { role: "admin", staffRole: member.staffRole },
      after: { role: "customer" },
    });
  });
}
