import { createAuth } from "@server/auth/auth";
import { sessions, users } from "@server/auth/schema";
import { getAuth, getSessionUser } from "@server/auth/session";
import { hasSessionCookie } from "@server/auth/session-cookie";
import { setDatabaseHandle } from "@server/db/connection";
import { env } from "@server/env";
import { seedDemoAccounts } from "@server/seed/demo-shop";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sessionCookie, testBrand } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Reading who is signed in (server/auth/session.ts): the common case in one statement, and every
// other case left to better-auth, whose rules (expiry, renewal, forged cookies) must still hold.

describe.each(testDrivers)("reading the session on %s", (driver) => {
  const queries: string[] = [];
  const database = useTestDatabase(driver, { onQuery: (query) => queries.push(query) });
  const db = () => database.db();
  beforeEach(() => setDatabaseHandle(database.handle()));
  afterAll(() => setDatabaseHandle(undefined));

  const reader = (cookie: string) =>
    getSessionUser(new Request(`${env.BASE_URL}/api/me`, { headers: { Cookie: cookie } }));

  async function signedIn() {
    await seedDemoAccounts(await getAuth(), db());
    const cookie = await sessionCookie("customer@example.com", "customer-password-1");
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? "").split(".")[0];
    if (!token) throw new Error("no session token in the cookie");
    return { cookie, token };
  }

  const sessionRow = async (token: string) =>
    (await db().select().from(sessions).where(eq(sessions.token, token)))[0];

  it("reads a live session and its user in one statement, writing nothing", async () => {
    const { cookie } = await signedIn();
    queries.length = 0;
    expect(await reader(cookie)).toMatchObject({
      email: "customer@example.com",
      fullName: "Demo Customer",
      role: "customer",
    });
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/^select .* from "sessions" inner join "users"/);
  });

  // The page cache and the HTTP layer tell a session by its cookie's name (hasSessionCookie) before
  // better-auth is asked: the name better-auth sets, over HTTP and HTTPS, must be that one.
  it("the session cookie better-auth sets is the one the shop recognises as a session", async () => {
    const { cookie } = await signedIn();
    expect(hasSessionCookie(cookie)).toBe(true);
    for (const baseUrl of ["http://localhost:3000", "https://shop.example"]) {
      const auth = createAuth({
        db: db(),
        baseUrl,
        trustedOrigins: [baseUrl],
        secret: "a-secret-of-at-least-32-characters!!",
        appName: "shop",
        brand: async () => ({ ...testBrand, baseUrl }),
        sendEmail: async () => {},
        attemptsPerMinute: 10,
      });
      const { name } = (await auth.$context).authCookies.sessionToken;
      expect(hasSessionCookie(`${name}=token.signature`), name).toBe(true);
    }
  });

  it("sees a role change at once (nothing about the user is kept between requests)", async () => {
    const { cookie } = await signedIn();
    await db()
      .update(users)
      .set({ role: "admin", staffRole: "owner" })
      .where(eq(users.email, "customer@example.com"));
    expect(await reader(cookie)).toMatchObject({ role: "admin" });
  });

  it("a cookie whose signature does not hold is nobody, and costs no query", async () => {
    const { cookie, token } = await signedIn();
    const signature = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? "").split(
      ".",
    )[1];
    const flipped = `${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`;
    queries.length = 0;
    for (const forged of [
      `better-auth.session_token=${encodeURIComponent(`${token}.${flipped}`)}`,
      `better-auth.session_token=${token}`,
      `better-auth.session_token=${encodeURIComponent(`${token}x.${signature}`)}`,
      "better-auth.session_token=forged.value",
    ]) {
      expect(await reader(forged)).toBeNull();
    }
    expect(queries).toEqual([]);
  });

  it("a signed-out session is nobody", async () => {
    const { cookie, token } = await signedIn();
    await db().delete(sessions).where(eq(sessions.token, token));
    expect(await reader(cookie)).toBeNull();
  });

  it("an expired session is nobody, and better-auth deletes it", async () => {
    const { cookie, token } = await signedIn();
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await reader(cookie)).toBeNull();
    expect(await sessionRow(token)).toBeUndefined();
  });

  it("a session due for its renewal is renewed by better-auth, and the user read", async () => {
    const { cookie, token } = await signedIn();
    const { expiresIn, updateAge } = (await (await getAuth()).$context).sessionConfig;
    // Signed in longer ago than the renewal age: the expiry is due to move forward.
    const due = new Date(Date.now() + (expiresIn - updateAge - 60) * 1000);
    await db().update(sessions).set({ expiresAt: due }).where(eq(sessions.token, token));
    expect(await reader(cookie)).toMatchObject({ email: "customer@example.com" });
    const renewed = await sessionRow(token);
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(due.getTime() + 60_000);
  });
});
