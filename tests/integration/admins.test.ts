import { auditLog } from "@server/audit/schema";
import { demoteAdmin, listAdmins, MUST_SIGN_UP_FIRST, promoteToAdmin } from "@server/auth/admins";
import { users } from "@server/auth/schema";
import { DomainError } from "@server/errors";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Who runs the shop: an admin promotes an existing account by email, demotes
// another admin (never themselves, never the last), each change in the audit log.

const refusal = (message: string) => expect.objectContaining({ constructor: DomainError, message });

describe.each(testDrivers)("admins on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  async function admin(email: string) {
    const id = await createCustomer(db(), email);
    await db().update(users).set({ role: "admin" }).where(eq(users.id, id));
    return id;
  }

  it("promotes an account by its email, and refuses an email nobody signed up with", async () => {
    const owner = await admin("owner@example.com");
    const helper = await createCustomer(db(), "helper@example.com");
    await promoteToAdmin(db(), owner, "  Helper@Example.com ");
    expect((await listAdmins(db())).map((row) => row.email)).toEqual([
      "helper@example.com",
      "owner@example.com",
    ]);
    await expect(promoteToAdmin(db(), owner, "nobody@example.com")).rejects.toEqual(
      refusal(MUST_SIGN_UP_FIRST),
    );
    await expect(promoteToAdmin(db(), owner, "helper@example.com")).rejects.toEqual(
      refusal("This account is an admin already."),
    );
    const [row] = await db().select().from(auditLog).where(eq(auditLog.entityId, helper));
    expect(row).toMatchObject({
      actorType: "admin",
      actorId: owner,
      action: "user.promoted",
      before: { role: "customer" },
      after: { role: "admin" },
    });
  });

  it("demotes another admin, never yourself, never the last", async () => {
    const owner = await admin("owner@example.com");
    const helper = await admin("helper@example.com");
    await expect(demoteAdmin(db(), owner, owner)).rejects.toEqual(
      refusal("You cannot remove your own admin access."),
    );
    await demoteAdmin(db(), owner, helper);
    expect((await listAdmins(db())).map((row) => row.id)).toEqual([owner]);
    await expect(demoteAdmin(db(), helper, owner)).rejects.toEqual(
      refusal("The shop needs at least one admin."),
    );
    await expect(demoteAdmin(db(), owner, helper)).rejects.toEqual(
      refusal("This account is not an admin."),
    );
  });
});
