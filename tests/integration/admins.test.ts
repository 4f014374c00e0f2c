import { customerActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { changeStaffRole, LAST_OWNER, listStaff, removeStaff } from "@server/auth/admins";
import { removeAccount } from "@server/auth/delete-account";
import { users } from "@server/auth/schema";
import { DomainError } from "@server/errors";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Who runs the shop (docs/decisions/071-staff-roles-in-one-table.md): an owner changes a member's
// role or removes them (never their own, never the last owner), each change in the audit log.

const refusal = (message: string) => expect.objectContaining({ constructor: DomainError, message });

describe.each(testDrivers)("staff on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  async function owner(email: string) {
    const id = await createCustomer(db(), email);
    await db().update(users).set({ role: "admin", staffRole: "owner" }).where(eq(users.id, id));
    return id;
  }

  it("changes a role in the audit log; never your own, never the last owner's", async () => {
    const boss = await owner("owner@example.com");
    const second = await owner("second@example.com");
    await expect(changeStaffRole(db(), boss, boss, "manager")).rejects.toEqual(
      refusal("You cannot change your own role."),
    );
    await changeStaffRole(db(), boss, second, "manager");
    await expect(changeStaffRole(db(), boss, second, "manager")).rejects.toEqual(
      refusal("They are Manager already."),
    );
    // `second` is a manager now: `boss` is the last owner.
    await expect(changeStaffRole(db(), second, boss, "fulfilment")).rejects.toEqual(
      refusal(LAST_OWNER),
    );
    const changes = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, second), eq(auditLog.action, "user.role_changed")));
    expect(changes).toEqual([
      expect.objectContaining({
        actorId: boss,
        before: { staffRole: "owner" },
        after: { staffRole: "manager" },
      }),
    ]);
  });

  it("removes another member, never yourself, never the last owner", async () => {
    const boss = await owner("owner@example.com");
    const helper = await owner("helper@example.com");
    await expect(removeStaff(db(), boss, boss)).rejects.toEqual(
      refusal("You cannot remove your own access."),
    );
    await removeStaff(db(), boss, helper);
    expect((await listStaff(db())).map((row) => row.id)).toEqual([boss]);
    const [removed] = await db().select().from(users).where(eq(users.id, helper));
    expect(removed).toMatchObject({ role: "customer", staffRole: null });
    await expect(removeStaff(db(), helper, boss)).rejects.toEqual(refusal(LAST_OWNER));
    await expect(removeStaff(db(), boss, helper)).rejects.toEqual(
      refusal("This account is not on the staff."),
    );
  });

  it("keeps the last owner's account from being deleted", async () => {
    const boss = await owner("owner@example.com");
    const remove = () =>
      db().transaction((tx) => removeAccount(tx, boss, customerActor(boss), "They asked."));
    await expect(remove()).rejects.toEqual(refusal(LAST_OWNER));
    const second = await owner("second@example.com");
    await remove();
    expect((await listStaff(db())).map((member) => member.id)).toEqual([second]);
  });

  it("keeps an owner when two owners demote each other at once", async () => {
    const first = await owner("first@example.com");
    const second = await owner("second@example.com");
    const results = await Promise.allSettled([
      changeStaffRole(db(), first, second, "manager"),
      changeStaffRole(db(), second, first, "manager"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const owners = (await listStaff(db())).filter((member) => member.staffRole === "owner");
    expect(owners).toHaveLength(1);
  });

  it("refuses an admin without a role, or a customer with one (the table's check)", async () => {
    const id = await createCustomer(db(), "odd@example.com");
    await expect(
      db().update(users).set({ role: "admin" }).where(eq(users.id, id)),
    ).rejects.toThrow();
    await expect(
      db().update(users).set({ staffRole: "manager" }).where(eq(users.id, id)),
    ).rejects.toThrow();
  });
});
