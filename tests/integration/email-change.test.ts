import { EMAIL_CHANGE_GONE, EMAIL_IN_USE } from "@common/auth/account-messages";
import { auditLog } from "@server/audit/schema";
import { ensureAccount } from "@server/auth/accounts";
import {
  confirmEmailChange,
  emailChangeAtLink,
  requestEmailChange,
} from "@server/auth/email-change";
import { emailChanges, sessions, users } from "@server/auth/schema";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createTestAuth } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// A customer changes their email (docs/decisions/073-email-change-by-link.md): asked with the
// password, confirmed once through the link sent to the new address, within a day; the old
// address is told, sessions elsewhere end.

const refusal = (message: string) => expect.objectContaining({ constructor: DomainError, message });
const HOUR = 60 * 60 * 1000;

describe.each(testDrivers)("changing an email on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const auth = () => createTestAuth(db());

  async function customer(email: string) {
    const { userId } = await ensureAccount(auth(), db(), {
      email,
      password: "password-123",
      fullName: "Ada",
      role: "customer",
    });
    return userId;
  }

  async function session(userId: string, token: string) {
    await db()
      .insert(sessions)
      .values({ id: token, token, userId, expiresAt: new Date(Date.now() + 24 * HOUR) });
  }

  async function newestTo(email: string) {
    const [message] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt));
    return message;
  }

  async function emailedToken(email: string) {
    const message = await newestTo(email);
    expect(message?.subject).toMatch(/Confirm your new email/);
    return /\/confirm-email\?token=([\w-]+)/.exec(message?.text ?? "")?.[1] ?? "";
  }

  it("changes the address once confirmed, ends the other sessions and tells the old one", async () => {
    const ada = await customer("ada@example.com");
    await session(ada, "here");
    await session(ada, "phone");
    await expect(
      requestEmailChange(auth(), db(), ada, { newEmail: "new@example.com", password: "wrong" }),
    ).rejects.toEqual(refusal("Your password is not correct."));
    await requestEmailChange(auth(), db(), ada, {
      newEmail: " New@Example.com",
      password: "password-123",
    });
    // Nothing changes until the link is used.
    const [before] = await db().select().from(users).where(eq(users.id, ada));
    expect(before?.email).toBe("ada@example.com");
    const token = await emailedToken("new@example.com");
    expect(await emailChangeAtLink(db(), token)).toEqual({ newEmail: "new@example.com" });
    expect(await confirmEmailChange(db(), token, "here")).toEqual({
      newEmail: "new@example.com",
      signedIn: true,
    });
    const [after] = await db().select().from(users).where(eq(users.id, ada));
    expect(after).toMatchObject({ email: "new@example.com", emailVerified: true });
    const left = await db().select({ token: sessions.token }).from(sessions);
    expect(left).toEqual([{ token: "here" }]);
    expect((await newestTo("ada@example.com"))?.text).toContain(
      "account now signs in with new@example.com",
    );
    await expect(confirmEmailChange(db(), token, null)).rejects.toEqual(refusal(EMAIL_CHANGE_GONE));
    const actions = await db().select().from(auditLog).orderBy(auditLog.createdAt);
    expect(actions.map((entry) => [entry.action, entry.after])).toEqual([
      ["user.email_change_asked", null],
      ["user.email_changed", { sessionsEnded: 1 }],
    ]);
    // The log keeps neither address.
    expect(JSON.stringify(actions)).not.toContain("@example.com");
  });

  it("answers an address in use as a free one, telling its owner, and refuses the rest", async () => {
    const ada = await customer("ada@example.com");
    await createCustomer(db(), "taken@example.com");
    const ask = (newEmail: string) =>
      requestEmailChange(auth(), db(), ada, { newEmail, password: "password-123" });
    // Asked for an address with an account: the same answer, no link; its owner is told.
    await expect(ask("taken@example.com")).resolves.toBeUndefined();
    const told = await newestTo("taken@example.com");
    expect(told).toMatchObject({ kind: "email-taken", subject: "Your email address and Gleam" });
    expect(told?.text).toContain("This address already has an account with us");
    expect(told?.text).not.toMatch(/confirm-email|ada@example\.com/);
    expect(await db().select().from(emailChanges)).toEqual([]);
    await expect(ask("ada@example.com")).rejects.toEqual(
      refusal("This is your email address already."),
    );
    await ask("later@example.com");
    const token = await emailedToken("later@example.com");
    const tomorrow = new Date(Date.now() + 25 * HOUR);
    expect(await emailChangeAtLink(db(), token, tomorrow)).toBeNull();
    await expect(confirmEmailChange(db(), token, null, tomorrow)).rejects.toEqual(
      refusal(EMAIL_CHANGE_GONE),
    );
    // Someone signs up with the address before the link is used.
    await createCustomer(db(), "later@example.com");
    await expect(confirmEmailChange(db(), token, null)).rejects.toEqual(refusal(EMAIL_IN_USE));
    const [row] = await db().select().from(users).where(eq(users.id, ada));
    expect(row?.email).toBe("ada@example.com");
  });

  it("lets a sign-up never confirmed for a day hold no address against its mailbox's owner", async () => {
    const ada = await customer("ada@example.com");
    const ask = (newEmail: string) =>
      requestEmailChange(auth(), db(), ada, { newEmail, password: "password-123" });
    const signUp = (email: string, hoursAgo: number) =>
      db()
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          name: "Squatter",
          email,
          emailVerified: false,
          createdAt: new Date(Date.now() - hoursAgo * HOUR),
        })
        .returning({ id: users.id });
    // Under a day old, it may still be confirmed: it holds the address (its owner is told).
    await signUp("fresh@example.com", 2);
    await ask("fresh@example.com");
    expect((await newestTo("fresh@example.com"))?.kind).toBe("email-taken");
    // Over a day: the link goes, and confirming it (reading that mailbox) replaces the sign-up.
    const [stale] = await signUp("stale@example.com", 30);
    await ask("stale@example.com");
    const token = await emailedToken("stale@example.com");
    expect(await confirmEmailChange(db(), token, null)).toMatchObject({
      newEmail: "stale@example.com",
    });
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.id, stale?.id ?? "")),
    ).toEqual([]);
    const [row] = await db().select().from(users).where(eq(users.id, ada));
    expect(row?.email).toBe("stale@example.com");
  });

  it("keeps only the newest request open", async () => {
    const ada = await customer("ada@example.com");
    const ask = (newEmail: string) =>
      requestEmailChange(auth(), db(), ada, { newEmail, password: "password-123" });
    await ask("first@example.com");
    const first = await emailedToken("first@example.com");
    await ask("second@example.com");
    expect(await emailChangeAtLink(db(), first)).toBeNull();
    const second = await emailedToken("second@example.com");
    expect(await confirmEmailChange(db(), second, null)).toEqual({
      newEmail: "second@example.com",
      signedIn: false,
    });
  });
});
