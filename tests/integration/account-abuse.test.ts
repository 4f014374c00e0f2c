import { CLIENT_IP_HEADER } from "@server/auth/auth";
import {
  requestPasswordReset,
  resendVerificationEmail,
  signUpWithPassword,
} from "@server/auth/auth-client";
import { users } from "@server/auth/schema";
import { getAuth } from "@server/auth/session";
import { setDatabaseHandle } from "@server/db/connection";
import { emailOutbox } from "@server/email/schema";
import { env } from "@server/env";
import { DomainError, httpStatusFor } from "@server/errors";
import { seedDemoAccounts } from "@server/seed/demo-shop";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { action as detailsAction } from "../../app/routes/dashboard.details";
import { loader as loginLoader } from "../../app/routes/login";
import { sessionCookie } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// What an attacker tried against the accounts (issue: red-team review), on the process-wide auth
// as the pages and the HTTP layer use it.

let addressCounter = 0;
/** A fresh client address, so each check starts with an empty per-address counter. */
/** 200 for an operation that went through, else the status its DomainError answers with. */
const statusOf = (operation: Promise<unknown>): Promise<number> =>
  operation.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof DomainError) return httpStatusFor(error.code);
      throw error;
    },
  );
const freshAddress = () => `10.77.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;

describe.each(testDrivers)("account abuse on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  beforeEach(() => setDatabaseHandle(database.handle()));
  afterAll(() => setDatabaseHandle(undefined));

  /** better-auth's own endpoint, called as a browser would reach it. */
  async function authEndpoint(path: string, body: unknown, cookie?: string) {
    const auth = await getAuth();
    const headers = new Headers({
      "Content-Type": "application/json",
      Origin: env.BASE_URL,
      [CLIENT_IP_HEADER]: freshAddress(),
    });
    if (cookie) headers.set("Cookie", cookie);
    const response = await auth.handler(
      new Request(`${env.BASE_URL}/api/auth${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, text: await response.text() };
  }

  it("never redirects a signed-in visitor off the shop, and never fails on odd targets", async () => {
    await seedDemoAccounts(await getAuth(), db());
    const cookie = await sessionCookie("customer@example.com", "customer-password-1");
    const targets = [
      "/%09/evil.example",
      "/\t/evil.example",
      "/%0a/evil.example",
      "/%0d/evil.example",
      "/%00",
      "/%E2%80%A8",
      "/ /evil.example",
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/%5Cevil.example",
    ];
    for (const target of targets) {
      const address = `${env.BASE_URL}/login?redirectTo=${target.replaceAll("\t", "%09").replaceAll(" ", "%20")}`;
      const request = new Request(address, { headers: { Cookie: cookie } });
      const answer = await Promise.resolve(
        loginLoader({ request, url: new URL(address) } as Parameters<typeof loginLoader>[0]),
      ).catch((thrown: unknown) => thrown);
      expect(answer, target).toBeInstanceOf(Response);
      const location = (answer as Response).headers.get("Location") ?? "";
      expect(new URL(location, "https://shop.example").origin, `${target} -> ${location}`).toBe(
        "https://shop.example",
      );
      expect(location, target).toMatch(/^\/[^/\\]/);
    }
    const kept = await Promise.resolve(
      loginLoader({
        request: new Request(
          `${env.BASE_URL}/login.data?redirectTo=%2Fdashboard%2Forders%3Fpage%3D2`,
          {
            headers: { Cookie: cookie },
          },
        ),
        url: new URL(`${env.BASE_URL}/login?redirectTo=%2Fdashboard%2Forders%3Fpage%3D2`),
      } as Parameters<typeof loginLoader>[0]),
    ).catch((thrown: unknown) => thrown);
    expect((kept as Response).headers.get("Location")).toBe("/dashboard/orders?page=2");
  });

  it("counts a sign-up for a registered address before saying it is taken", async () => {
    await seedDemoAccounts(await getAuth(), db());
    const caller = { cookie: null, clientAddress: freshAddress() };
    const answers: Array<number> = [];
    for (let attempt = 0; attempt < env.AUTH_ATTEMPTS_PER_MINUTE + 2; attempt++) {
      answers.push(
        await statusOf(
          signUpWithPassword(caller, {
            fullName: "Prober",
            email: "customer@example.com",
            password: "probe-password-1",
          }),
        ),
      );
    }
    const limit = env.AUTH_ATTEMPTS_PER_MINUTE;
    expect(answers.slice(0, limit)).toEqual(Array.from({ length: limit }, () => 409));
    expect(answers.slice(limit)).toEqual([429, 429]);
  });

  it("says an address is taken only a few times an hour, from however many addresses", async () => {
    await seedDemoAccounts(await getAuth(), db());
    const probe = (email: string) =>
      signUpWithPassword(
        { cookie: null, clientAddress: freshAddress() },
        { fullName: "Prober", email, password: "probe-password-1" },
      );
    // A registered address: the spec's message five times, then the same refusal as anyone's.
    const registered: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      registered.push(await statusOf(probe("customer@example.com")));
    }
    expect(registered).toEqual([409, 409, 409, 409, 409, 429, 429]);
    await expect(probe("customer@example.com")).rejects.toThrow(
      "Too many sign-up attempts for this email address. Please try again later.",
    );
    // An address nobody has: signed up at once, then taken, then the same limit at the same count.
    const fresh: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      fresh.push(await statusOf(probe("someone-new@example.com")));
    }
    expect(fresh).toEqual([200, 409, 409, 409, 409, 429, 429]);
  });

  it("sends one address only a few reset and verification emails, from however many addresses", async () => {
    await seedDemoAccounts(await getAuth(), db());
    const resets: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const reset = requestPasswordReset(
        { cookie: null, clientAddress: freshAddress() },
        "customer@example.com",
      );
      resets.push(await statusOf(reset));
      if (attempt >= 3) {
        await expect(reset).rejects.toThrow(
          "Too many emails have been sent to this address. Please try again later.",
        );
      }
    }
    expect(resets).toEqual([200, 200, 200, 429, 429, 429]);
    const queued = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "customer@example.com"));
    expect(queued).toHaveLength(3);

    await signUpWithPassword(
      { cookie: null, clientAddress: freshAddress() },
      { fullName: "Newcomer", email: "newcomer@example.com", password: "newcomer-pass-1" },
    );
    const resends: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      resends.push(
        await statusOf(
          resendVerificationEmail(
            { cookie: null, clientAddress: freshAddress() },
            "newcomer@example.com",
          ),
        ),
      );
    }
    expect(resends).toEqual([200, 200, 200, 429, 429]);
  });

  it("applies the shop's rules on better-auth's own sign-up and profile endpoints", async () => {
    const huge = "A".repeat(2_000_000);
    const signUp = await authEndpoint("/sign-up/email", {
      name: huge,
      email: "huge@example.com",
      password: "long-name-pass-1",
    });
    expect(signUp.status).toBe(400);
    expect(await db().select().from(users).where(eq(users.email, "huge@example.com"))).toEqual([]);
    const withLink = await authEndpoint("/sign-up/email", {
      name: "Claim your prize at https://evil.example",
      email: "link@example.com",
      password: "long-name-pass-1",
    });
    expect(withLink.status).toBe(400);
    expect(withLink.text).toContain("without links");

    await seedDemoAccounts(await getAuth(), db());
    const cookie = await sessionCookie("customer@example.com", "customer-password-1");
    const update = await authEndpoint("/update-user", { name: huge }, cookie);
    expect(update.status).toBe(400);
    const [customer] = await db()
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, "customer@example.com"));
    expect(customer?.name).toBe("Demo Customer");
  });

  it("refuses names with links or angle brackets wherever a name is typed", async () => {
    for (const fullName of [
      "<b>Ada</b>",
      "Ada www.evil.example",
      "Ada http://x.example",
      "A\u0000",
    ]) {
      const status = await statusOf(
        signUpWithPassword(
          { cookie: null, clientAddress: freshAddress() },
          { fullName, email: `name-${addressCounter}@example.com`, password: "name-check-pass-1" },
        ),
      );
      expect(status, fullName).toBe(400);
    }
  });

  it("answers a NUL byte in the details with 400 and saves nothing", async () => {
    await seedDemoAccounts(await getAuth(), db());
    const cookie = await sessionCookie("customer@example.com", "customer-password-1");
    const request = new Request(`${env.BASE_URL}/dashboard/details`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "details", fullName: "Ada\u0000", phone: "" }),
    });
    const answer = (await detailsAction({ request } as Parameters<typeof detailsAction>[0])) as {
      init: ResponseInit | null;
      data: { ok: boolean; message?: string };
    };
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      message: "Please remove the special characters from this field.",
    });
    const [customer] = await db()
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, "customer@example.com"));
    expect(customer?.name).toBe("Demo Customer");
  });

  it("opening someone else's verification link never replaces the visitor's own session", async () => {
    await seedDemoAccounts(await getAuth(), db());
    const own = await sessionCookie("customer@example.com", "customer-password-1");
    await signUpWithPassword(
      { cookie: null, clientAddress: freshAddress() },
      { fullName: "Mallory", email: "mallory@example.com", password: "mallory-pass-1" },
    );
    const [message] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "mallory@example.com"));
    const link = new URL(message?.text.match(/https?:\/\/\S+/)?.[0] ?? "");
    const auth = await getAuth();
    const response = await auth.handler(
      new Request(link, { headers: { Cookie: own, [CLIENT_IP_HEADER]: freshAddress() } }),
    );
    expect([200, 302]).toContain(response.status);
    // Verified, but nobody was signed in by the link.
    const [mallory] = await db().select().from(users).where(eq(users.email, "mallory@example.com"));
    expect(mallory?.emailVerified).toBe(true);
    expect(response.headers.getSetCookie().join(";")).not.toMatch(/session_token=[^;]/);
    const session = await auth.api.getSession({ headers: new Headers({ Cookie: own }) });
    expect(session?.user.email).toBe("customer@example.com");
    // After verifying, the visitor is asked to log in.
    expect(response.headers.get("Location") ?? "").toMatch(/^\/login\?verified=1/);
  });
});
