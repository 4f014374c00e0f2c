import { type Auth, CLIENT_IP_HEADER } from "@server/auth/auth";
import { COMMON_PASSWORD } from "@server/auth/common-passwords";
import { accounts, users } from "@server/auth/schema";
import type { OutgoingEmail } from "@server/email/transport";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestAuth } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

const BASE = "http://shop.test";

describe.each(testDrivers)("accounts (better-auth) on %s", (driver) => {
  const database = useTestDatabase(driver);
  const sent: OutgoingEmail[] = [];
  let auth: Auth;
  let ipCounter = 0;
  /** Each test speaks from its own address, so rate limits never leak between tests. */
  let ip = "";

  beforeEach(() => {
    ip = `10.0.0.${++ipCounter}`;
    sent.length = 0;
    auth = createTestAuth(database.db(), async (_kind, message) => {
      sent.push(message);
    });
  });

  async function call(
    path: string,
    init: { body?: unknown; cookie?: string; method?: string } = {},
  ) {
    const headers = new Headers({ Origin: BASE, [CLIENT_IP_HEADER]: ip });
    if (init.body !== undefined) headers.set("Content-Type", "application/json");
    if (init.cookie) headers.set("Cookie", init.cookie);
    const response = await auth.handler(
      new Request(`${BASE}/api/auth${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    );
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const setCookie = response.headers.getSetCookie();
    const cookie = setCookie.map((value) => value.split(";")[0]).join("; ");
    return { status: response.status, json, cookie, headers: response.headers };
  }

  function linkIn(message: OutgoingEmail | undefined): string {
    const link = message?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error("no link in the email");
    return link;
  }

  async function signUp(email = "ada@example.com", password = "correct-horse-1") {
    return call("/sign-up/email", { body: { email, password, name: "Ada Lovelace" } });
  }

  async function verify(email = "ada@example.com") {
    const message = sent.find((item) => item.to === email && /Confirm/.test(item.subject));
    const url = new URL(linkIn(message));
    return call(`${url.pathname.replace("/api/auth", "")}${url.search}`);
  }

  it("signs up a customer, hashes the password and sends a verification link", async () => {
    const result = await signUp();
    expect(result.status).toBe(200);
    const [user] = await database
      .db()
      .select()
      .from(users)
      .where(eq(users.email, "ada@example.com"));
    expect(user).toMatchObject({ name: "Ada Lovelace", role: "customer", emailVerified: false });
    const [account] = await database.db().select().from(accounts);
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain("correct-horse-1");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe("Confirm your email for Gleam");
    expect(linkIn(sent[0])).toMatch(/^http:\/\/shop\.test\/api\/auth\/verify-email\?token=/);
  });

  it("refuses a password under 8 characters", async () => {
    const result = await signUp("short@example.com", "1234567");
    expect(result.status).toBe(400);
    expect(result.json?.code).toBe("PASSWORD_TOO_SHORT");
  });

  it("refuses a common password at sign-up, reset and change, creating and changing nothing", async () => {
    const common = await signUp("common@example.com", "Password1");
    expect(common.status).toBe(400);
    expect(common.json?.message).toBe(COMMON_PASSWORD);
    expect(await database.db().select().from(users)).toHaveLength(0);

    await signUp();
    await verify();
    const signedIn = await call("/sign-in/email", {
      body: { email: "ada@example.com", password: "correct-horse-1" },
    });
    const change = await call("/change-password", {
      body: { currentPassword: "correct-horse-1", newPassword: "qwertyuiop" },
      cookie: signedIn.cookie,
    });
    expect([change.status, change.json?.message]).toEqual([400, COMMON_PASSWORD]);
    await call("/request-password-reset", {
      body: { email: "ada@example.com", redirectTo: `${BASE}/reset-password` },
    });
    const token = new URL(linkIn(sent.find((item) => /Reset your/.test(item.subject)))).pathname
      .split("/")
      .at(-1);
    const reset = await call("/reset-password", { body: { newPassword: "baseball", token } });
    expect([reset.status, reset.json?.message]).toEqual([400, COMMON_PASSWORD]);
    // The password is still the old one.
    const again = await call("/sign-in/email", {
      body: { email: "ada@example.com", password: "correct-horse-1" },
    });
    expect(again.status).toBe(200);
  });

  it("does not create a second account for a registered email", async () => {
    await signUp();
    const again = await signUp();
    const count = await database.db().select().from(users);
    expect(count).toHaveLength(1);
    // With verification required, better-auth answers as if it worked and sends nothing, so the
    // endpoint alone never tells whether an address is registered.
    expect(again.status).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it("refuses to sign in before the email is verified, then signs in after", async () => {
    await signUp();
    const early = await call("/sign-in/email", {
      body: { email: "ada@example.com", password: "correct-horse-1" },
    });
    expect(early.status).toBe(403);
    expect(early.json?.code).toBe("EMAIL_NOT_VERIFIED");

    const verified = await verify();
    expect([200, 302]).toContain(verified.status);
    // The link confirms the address; it never signs anyone in (see account-abuse.test.ts).
    expect(verified.cookie).not.toMatch(/session_token=/);

    const signedIn = await call("/sign-in/email", {
      body: { email: "ada@example.com", password: "correct-horse-1" },
    });
    expect(signedIn.status).toBe(200);
    const session = await call("/get-session", { cookie: signedIn.cookie });
    expect(session.json?.user).toMatchObject({ email: "ada@example.com" });
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    await signUp();
    await verify();
    const wrong = await call("/sign-in/email", {
      body: { email: "ada@example.com", password: "wrong-password" },
    });
    const unknown = await call("/sign-in/email", {
      body: { email: "nobody@example.com", password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json?.message).toBe(unknown.json?.message);
  });

  it("refuses the sixth sign-in attempt within a minute with 429", async () => {
    await signUp("bob@example.com");
    ip = "10.9.9.9";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const result = await call("/sign-in/email", {
        body: { email: "bob@example.com", password: "wrong-password" },
      });
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401 || status === 403)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it("limits sign-in attempts per account across addresses, and a success clears the count", async () => {
    await signUp("carol@example.com");
    await verify("carol@example.com");
    const attempt = async (password: string) => {
      ip = `10.8.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
      return call("/sign-in/email", { body: { email: "Carol@Example.com", password } });
    };
    // createTestAuth allows 5 a minute per address: 10 per account in 15 minutes.
    for (let tries = 0; tries < 9; tries++)
      expect((await attempt("wrong-password")).status).toBe(401);
    // The tenth is right: it signs in, and the count starts again.
    expect((await attempt("correct-horse-1")).status).toBe(200);
    const statuses: number[] = [];
    for (let tries = 0; tries < 12; tries++)
      statuses.push((await attempt("wrong-password")).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await attempt("correct-horse-1");
    expect(refused.status).toBe(429);
    expect(refused.json?.message).toBe(
      "Too many sign-in attempts for this account. Please try again in 15 minutes.",
    );
    // Another account is not held back.
    const other = await call("/sign-in/email", {
      body: { email: "someone-else@example.com", password: "wrong-password" },
    });
    expect(other.status).toBe(401);
  });

  it("resets a forgotten password through the emailed link, and ends other sessions", async () => {
    await signUp();
    await verify();
    const before = await call("/sign-in/email", {
      body: { email: "ada@example.com", password: "correct-horse-1" },
    });
    const request = await call("/request-password-reset", {
      body: { email: "ada@example.com", redirectTo: `${BASE}/reset-password` },
    });
    expect(request.status).toBe(200);
    const message = sent.find((item) => /Reset your/.test(item.subject));
    const link = new URL(linkIn(message));
    const token = link.pathname.split("/").at(-1);
    expect(token).toBeTruthy();

    const reset = await call("/reset-password", {
      body: { newPassword: "new-password-22", token },
    });
    expect(reset.status).toBe(200);
    const oldSession = await call("/get-session", { cookie: before.cookie });
    expect(oldSession.json).toBeNull();
    const withNew = await call("/sign-in/email", {
      body: { email: "ada@example.com", password: "new-password-22" },
    });
    expect(withNew.status).toBe(200);
    const reused = await call("/reset-password", {
      body: { newPassword: "again-password-3", token },
    });
    expect(reused.status).toBe(400);
  });

  it("answers a reset request for an unknown email like any other", async () => {
    const request = await call("/request-password-reset", {
      body: { email: "nobody@example.com", redirectTo: `${BASE}/reset-password` },
    });
    expect(request.status).toBe(200);
    expect(sent).toHaveLength(0);
  });

  it("signs out and the old session cookie no longer works", async () => {
    await signUp();
    await verify();
    const signedIn = await call("/sign-in/email", {
      body: { email: "ada@example.com", password: "correct-horse-1" },
    });
    const out = await call("/sign-out", { body: {}, cookie: signedIn.cookie });
    expect(out.status).toBe(200);
    const session = await call("/get-session", { cookie: signedIn.cookie });
    expect(session.json).toBeNull();
  });
});
