import type { Browser } from "@playwright/test";
import { type BuiltServer, freePort } from "../../scripts/built-server";
import { logInThroughPage, logOut } from "./account-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, gotoHydrated, test } from "./fixtures";
import { startSeededServer } from "./seeded-shop";
import { startTlsProxy } from "./tls-proxy";

// One rule decides which origins are the shop's own (docs/architecture.md#security), and every gate uses it: the
// shop's own check, React Router's action check and better-auth's. Exercised at the loopback
// address the public one is not, through a TLS-terminating proxy, and from another site.

test.describe("the shop's own origins", () => {
  test("at 127.0.0.1 while BASE_URL says localhost: log in and log out", async ({
    page,
    baseURL,
  }) => {
    const loopback = (baseURL ?? "").replace("//localhost:", "//127.0.0.1:");
    expect(loopback).toContain("//127.0.0.1:");
    await logInThroughPage(page, "customer@example.com", "customer-password-1");
    await page.context().clearCookies();
    await page.goto(`${loopback}/login`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const panel = page.getByRole("tabpanel");
    await panel.getByLabel("Email").fill("customer@example.com");
    await panel.getByLabel("Password").fill("customer-password-1");
    await panel.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Login Successful!");
    await expect(page).toHaveURL(`${loopback}/dashboard`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await logOut(page);
    await expectToast(page, "Logged out successfully!");
    await expect(page).toHaveURL(`${loopback}/`);

    // better-auth's sign-in is not reached directly (the page's form calls it in-process).
    const signIn = await page.request.post(`${loopback}/api/auth/sign-in/email`, {
      data: { email: "customer@example.com", password: "customer-password-1" },
      headers: { Origin: loopback },
    });
    expect(signIn.status()).toBe(404);
  });

  test("a state-changing JSON request from another site is refused, session or not", async ({
    page,
  }) => {
    await logInThroughPage(page, "customer@example.com", "customer-password-1");
    const order = {
      items: [{ variantId: "prod2-75ml", quantity: 1 }],
      customerDetails: {
        fullName: "Demo Customer",
        email: "customer@example.com",
        phone: "07700 900123",
        shippingAddress: "1 Demo Street, London SW1A 1AA",
      },
    };
    const crossSite = await page.request.post("/api/checkout/payment-intent", {
      data: order,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status()).toBe(403);
    const wishlist = await page.request.put("/api/wishlist/prod3", {
      headers: { Origin: "https://evil.example" },
    });
    expect(wishlist.status()).toBe(403);
    const signOut = await page.request.post("/api/auth/sign-out", {
      data: {},
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(signOut.status()).toBe(403);
    // Still signed in: the forged sign-out changed nothing.
    await gotoHydrated(page, "/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

async function throughTlsProxy(
  browser: Browser,
  server: BuiltServer,
  proxyPort: number,
  { signUp }: { signUp: boolean },
) {
  const publicUrl = `https://localhost:${proxyPort}`;
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: publicUrl });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  try {
    await logInThroughPage(page, "customer@example.com", "customer-password-1");
    await expect(page).toHaveURL(`${publicUrl}/dashboard`);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name.includes("session_token"))?.secure).toBe(true);

    await gotoHydrated(page, "/dashboard/details");
    const main = page.getByRole("main");
    await main.getByLabel("Full name").fill("Proxied Customer");
    await main.getByRole("button", { name: "Save Details" }).click();
    await expectToast(page, "Details Updated!");

    await logOut(page);
    await expectToast(page, "Logged out successfully!");
    await expect(page).toHaveURL(`${publicUrl}/`);

    if (signUp) {
      // Sign-up is a page form too.
      await gotoHydrated(page, "/login");
      await page.getByRole("tab", { name: "Sign Up" }).click();
      await page.getByLabel("Full name").fill("Proxied Newcomer");
      await page.getByRole("tabpanel").getByLabel("Email").fill(`proxied-${proxyPort}@example.com`);
      await page.getByRole("tabpanel").getByLabel("Password").fill("correct-horse-1");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expectToast(page, "Sign up successful!");
    }
    expect(problems).toEqual([]);
    expect(server.output()).not.toMatch(/Aborting the action|INVALID_ORIGIN/);
  } finally {
    await context.close();
  }
}

test.describe("behind a TLS-terminating proxy", () => {
  test.describe.configure({ timeout: 60_000 });

  test("log in, save details, log out and sign up over HTTPS, with the proxy keeping or rewriting Host", async ({
    browser,
  }) => {
    const proxyPort = await freePort();
    const server = await startSeededServer({
      BASE_URL: `https://localhost:${proxyPort}`,
      TRUST_PROXY: "1",
      AUTH_ATTEMPTS_PER_MINUTE: "100",
    });
    try {
      for (const rewriteHost of [false, true]) {
        const proxy = await startTlsProxy({
          port: proxyPort,
          upstreamPort: server.port,
          rewriteHost,
        });
        try {
          await throughTlsProxy(browser, server, proxyPort, { signUp: !rewriteHost });
        } finally {
          await proxy.close();
        }
      }
    } finally {
      await server.stop();
    }
  });
});
