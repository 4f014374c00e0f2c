import { INVITE_GONE } from "@common/auth/account-messages";
import { auditLog } from "@server/audit/schema";
import { users } from "@server/auth/schema";
import {
  acceptInvite,
  inviteAtLink,
  inviteStaff,
  listPendingInvites,
  resendInvite,
  withdrawInvite,
} from "@server/auth/staff-invites";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Staff invitations (docs/decisions/072-staff-invites-by-emailed-link.md): sent by email with a
// role, accepted once by the invited address before the link expires, sent again with a new link
// or withdrawn, each step in the audit log.

const refusal = (message: string) => expect.objectContaining({ constructor: DomainError, message });
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDrivers)("staff invitations on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  async function owner() {
    const id = await createCustomer(db(), "owner@example.com");
    await db().update(users).set({ role: "admin", staffRole: "owner" }).where(eq(users.id, id));
    return id;
  }

  /** The token of the newest invitation emailed to `email`, read from its link. */
  async function emailedToken(email: string) {
    const [message] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt));
    expect(message?.subject).toMatch(/invited to run .+ as Manager/);
    const token = /\/staff-invite\?token=([\w-]+)/.exec(message?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    return token ?? "";
  }

  it("emails a link that an existing account accepts once, in the audit log", async () => {
    const boss = await owner();
    const helper = await createCustomer(db(), "helper@example.com");
    await inviteStaff(db(), boss, { email: " Helper@Example.com", staffRole: "manager" });
    await expect(
      inviteStaff(db(), boss, { email: "helper@example.com", staffRole: "fulfilment" }),
    ).rejects.toEqual(
      refusal("An invitation to this address is waiting already: send it again or withdraw it."),
    );
    await expect(
      inviteStaff(db(), boss, { email: "owner@example.com", staffRole: "manager" }),
    ).rejects.toEqual(refusal("This account is staff already."));
    const token = await emailedToken("helper@example.com");
    expect(await inviteAtLink(db(), token)).toMatchObject({
      email: "helper@example.com",
      staffRole: "manager",
      accountExists: true,
    });
    expect(await acceptInvite(db(), token, helper)).toBe("manager");
    const [row] = await db().select().from(users).where(eq(users.id, helper));
    expect(row).toMatchObject({ role: "admin", staffRole: "manager" });
    expect(await inviteAtLink(db(), token)).toBeNull();
    expect(await listPendingInvites(db())).toEqual([]);
    const actions = await db().select().from(auditLog).orderBy(auditLog.createdAt);
    expect(actions.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["staff_invite.sent", boss],
      ["user.promoted", helper],
    ]);
  });

  it("refuses another account, a used link and an expired one", async () => {
    const boss = await owner();
    const helper = await createCustomer(db(), "helper@example.com");
    const stranger = await createCustomer(db(), "stranger@example.com");
    await inviteStaff(db(), boss, { email: "helper@example.com", staffRole: "manager" });
    const token = await emailedToken("helper@example.com");
    await expect(acceptInvite(db(), token, stranger)).rejects.toEqual(
      refusal("This invitation is for helper@example.com. Log in with that address to accept it."),
    );
    const later = new Date(Date.now() + 8 * DAY);
    expect(await inviteAtLink(db(), token, later)).toBeNull();
    await expect(acceptInvite(db(), token, helper, later)).rejects.toEqual(refusal(INVITE_GONE));
    expect((await listPendingInvites(db(), later))[0]).toMatchObject({ expired: true });
    await expect(acceptInvite(db(), "not-a-token", helper)).rejects.toEqual(refusal(INVITE_GONE));
  });

  it("sends a new link again (the old one stops working) or withdraws it", async () => {
    const boss = await owner();
    const helper = await createCustomer(db(), "helper@example.com");
    await inviteStaff(db(), boss, { email: "helper@example.com", staffRole: "manager" });
    const first = await emailedToken("helper@example.com");
    const [invite] = await listPendingInvites(db());
    await resendInvite(db(), boss, invite?.id ?? "");
    const second = await emailedToken("helper@example.com");
    expect(second).not.toBe(first);
    expect(await inviteAtLink(db(), first)).toBeNull();
    expect(await inviteAtLink(db(), second)).not.toBeNull();
    await withdrawInvite(db(), boss, invite?.id ?? "");
    expect(await inviteAtLink(db(), second)).toBeNull();
    await expect(acceptInvite(db(), second, helper)).rejects.toEqual(refusal(INVITE_GONE));
    await expect(withdrawInvite(db(), boss, invite?.id ?? "")).rejects.toEqual(
      refusal("This invitation was accepted or withdrawn already."),
    );
    const actions = await db().select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      "staff_invite.resent",
      "staff_invite.sent",
      "staff_invite.withdrawn",
    ]);
  });

  it("is used once when two accepts race", async () => {
    const boss = await owner();
    const helper = await createCustomer(db(), "helper@example.com");
    await inviteStaff(db(), boss, { email: "helper@example.com", staffRole: "manager" });
    const token = await emailedToken("helper@example.com");
    const results = await Promise.allSettled([
      acceptInvite(db(), token, helper),
      acceptInvite(db(), token, helper),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const promoted = await db().select().from(auditLog).where(eq(auditLog.action, "user.promoted"));
    expect(promoted).toHaveLength(1);
  });
});
