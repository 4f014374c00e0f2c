import { ensureAccount } from "@server/auth/accounts";
import { requireUser } from "@server/auth/guards";
import { users } from "@server/auth/schema";
import { getAuth } from "@server/auth/session";
import { setDatabaseHandle } from "@server/db/connection";
import { env } from "@server/env";
import { requireAdminMiddleware } from "@server/http/admin-guard";
import { readForm } from "@server/http/form-request";
import { demoAccounts, seedDemoAccounts } from "@server/seed/demo-shop";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sessionCookie } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Accounts the shop makes itself, and the guards every protected loader and action uses, on the
// process-wide auth (as the routes see it) over the test database.

describe.each(testDrivers)("accounts and guards on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  beforeEach(() => setDatabaseHandle(database.handle()));
  afterAll(() => setDatabaseHandle(undefined));

  // What React Router gives a loader of a client navigation (future.v8_passThroughRequests): the
  // data request as sent, and the page's own address as `url`.
  const page = (cookie?: string) =>
    new Request(`${env.BASE_URL}/dashboard/orders.data?page=2&_routes=routes%2Fdashboard.orders`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
  const pageUrl = new URL(`${env.BASE_URL}/dashboard/orders?page=2`);

  it("seeds the demo accounts once, verified, with their roles", async () => {
    const auth = await getAuth();
    expect(await seedDemoAccounts(auth, db())).toBe(4);
    expect(await seedDemoAccounts(auth, db())).toBe(0);
    const rows = await db().select().from(users);
    expect(
      rows.map((row) => [row.email, row.role, row.staffRole, row.emailVerified]).sort(),
    ).toEqual([
      ["admin@example.com", "admin", "owner", true],
      ["customer@example.com", "customer", null, true],
      ["manager@example.com", "admin", "manager", true],
      ["packer@example.com", "admin", "fulfilment", true],
    ]);
    for (const account of demoAccounts) {
      expect(await sessionCookie(account.email, account.password)).toMatch(/session_token=/);
    }
  });

  it("promotes an existing account to admin and sets its password", async () => {
    const auth = await getAuth();
    await ensureAccount(auth, db(), {
      email: "Grace@Example.com",
      password: "first-password-1",
      fullName: "Grace",
      role: "customer",
    });
    const { result } = await ensureAccount(
      auth,
      db(),
      {
        email: "grace@example.com",
        password: "second-password-2",
        fullName: "Grace",
        role: "admin",
      },
      { resetPassword: true },
    );
    expect(result).toBe("updated");
    const [row] = await db().select().from(users).where(eq(users.email, "grace@example.com"));
    expect(row?.role).toBe("admin");
    expect(await sessionCookie("grace@example.com", "second-password-2")).toMatch(/session_token=/);
  });

  it("requireUser sends a guest to /login and back, and lets a signed-in user through", async () => {
    const guest = await requireUser(page(), pageUrl).catch((thrown: unknown) => thrown);
    expect(guest).toBeInstanceOf(Response);
    expect((guest as Response).status).toBe(302);
    expect((guest as Response).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fdashboard%2Forders%3Fpage%3D2",
    );

    await seedDemoAccounts(await getAuth(), db());
    const cookie = await sessionCookie("customer@example.com", "customer-password-1");
    const user = await requireUser(page(cookie), pageUrl);
    expect(user).toMatchObject({ email: "customer@example.com", role: "customer" });
    // A forged cookie is a guest.
    const forged = await requireUser(page("better-auth.session_token=forged.value"), pageUrl).catch(
      (thrown: unknown) => thrown,
    );
    expect((forged as Response).status).toBe(302);
  });

  it("the admin's guard: a guest logs in, a customer goes to their overview (403 for a post), an admin passes", async () => {
    await seedDemoAccounts(await getAuth(), db());
    const passed: string[] = [];
    const guard = (cookie?: string, method = "GET") =>
      Promise.resolve(
        requireAdminMiddleware(
          {
            request: new Request(`${env.BASE_URL}/dashboard/admin-orders.data`, {
              method,
              headers: cookie ? { Cookie: cookie } : {},
            }),
            url: new URL(`${env.BASE_URL}/dashboard/admin-orders`),
            params: {},
            context: new RouterContextProvider(),
            unstable_pattern: "/dashboard/admin-orders",
          } as unknown as Parameters<typeof requireAdminMiddleware>[0],
          async () => {
            passed.push(method);
            return new Response("admin page");
          },
        ),
      ).catch((thrown: unknown) => thrown);

    const guest = (await guard()) as Response;
    expect(guest.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fadmin-orders");
    const customer = await sessionCookie("customer@example.com", "customer-password-1");
    const redirected = (await guard(customer)) as Response;
    expect([redirected.status, redirected.headers.get("Location")]).toEqual([302, "/dashboard"]);
    expect(await guard(customer, "POST")).toMatchObject({ init: { status: 403 } });
    expect(passed).toEqual([]);

    const admin = await sessionCookie("admin@example.com", "admin-password-1");
    expect(await ((await guard(admin)) as Response).text()).toBe("admin page");
    expect(passed).toEqual(["GET"]);
  });

  // docs/decisions/076: the guard authorises the intent of the one reading the action runs on,
  // and a form naming a field twice is refused before either runs.
  it("the admin's guard authorises the intent the action runs, and refuses one named twice", async () => {
    await seedDemoAccounts(await getAuth(), db());
    const packer = await sessionCookie("packer@example.com", "packer-password-1");
    const order = `${env.BASE_URL}/dashboard/admin-orders/an-order`;
    const post = (body: string | FormData, address = order) =>
      new Request(address, {
        method: "POST",
        headers: {
          Cookie: packer,
          ...(typeof body === "string"
            ? { "Content-Type": "application/x-www-form-urlencoded" }
            : {}),
        },
        body,
      });
    const multipart = (...intents: string[]) => {
      const form = new FormData();
      for (const intent of intents) form.append("intent", intent);
      form.append("status", "paid");
      return form;
    };
    const guard = async (request: Request) => {
      let ran = false;
      const answer = await Promise.resolve(
        requireAdminMiddleware(
          {
            request,
            url: new URL(order),
            params: { orderId: "an-order" },
            context: new RouterContextProvider(),
            unstable_pattern: "/dashboard/admin-orders/:orderId",
          } as unknown as Parameters<typeof requireAdminMiddleware>[0],
          async () => {
            ran = true;
            // The action's reading of the same request: the one the guard read.
            return Response.json(await readForm(request));
          },
        ),
      ).catch((thrown: unknown) => thrown);
      return { ran, answer };
    };
    const statusOf = (answer: unknown) =>
      answer instanceof Response
        ? answer.status
        : (answer as { init?: { status?: number } }).init?.status;

    // What a packer may do runs, on the fields the guard read.
    const fulfil = await guard(post("intent=fulfil&status=paid"));
    expect(fulfil.ran).toBe(true);
    expect(await (fulfil.answer as Response).json()).toEqual({ intent: "fulfil", status: "paid" });
    // What they may not is refused, plainly or named twice in either order, in either encoding,
    // to the page or to its data: the action never runs.
    for (const request of [
      post("intent=cancel&status=paid"),
      post("intent=fulfil&intent=cancel&status=paid"),
      post("intent=cancel&intent=fulfil&status=paid"),
      post("intent=fulfil&status=paid&intent=refund", `${order}.data`),
      post(multipart("fulfil", "cancel")),
      post(multipart("cancel", "fulfil"), `${order}.data`),
    ]) {
      const { ran, answer } = await guard(request);
      expect(ran).toBe(false);
      expect([400, 403]).toContain(statusOf(answer));
    }
    const twice = await guard(post("intent=fulfil&intent=cancel&status=paid"));
    expect(twice.answer).toMatchObject({
      data: "The field “intent” was sent more than once. Send each field once.",
      init: { status: 400 },
    });
  });
});
