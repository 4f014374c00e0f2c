import type { Browser, Page } from "@playwright/test";
import { logInAs, signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { placePaidOrder, storeCart, toothpasteTriple } from "./cart-fixtures";
import { expect, gotoHydrated, publicPages, test } from "./fixtures";

// The hostile-input suite, in the browser and over HTTP against the production build. What
// other layers prove is named where it lives: markup in emails (server/email/templates.test.ts),
// formula cells in the CSV (tests/integration/orders-csv.test.ts), the login's return address
// (tests/integration/account-abuse.test.ts), oversized bodies (http.spec.ts), random
// bodies on every JSON endpoint (fuzz.process.spec.ts), markup in reviews (reviews.spec.ts).

const SCRIPT = "<script>window.__pwned = 'script'</script>";
const IMAGE = `<img src="x" onerror="window.__pwned = 'image'">`;
const ADDRESS = `1 ${SCRIPT} Road, London N1 1AA`;
const NOTES = `Leave by the door ${IMAGE} =HYPERLINK("https://evil.example","x")`;

const pwned = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null);

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** The headers every answer carries, page or not, whoever asks. */
function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toMatch(/object-src 'none'/);
  // Scripts: the shop's own files, and inline only this answer's nonce or, in a page from the page
  // cache, the hashes of its own scripts; never any inline code or eval.
  const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scripts, what).toMatch(
    /'nonce-[A-Za-z0-9+/=]{16,}'|^'self'( 'sha256-[A-Za-z0-9+/=]{44}')*$/,
  );
  expect(scripts, what).not.toMatch(/unsafe-inline|unsafe-eval/);
}

test.describe("Hostile input", () => {
  test("security headers and a CSP on every page and answer, for guests and a signed-in admin", async ({
    request,
    page,
  }) => {
    const guestPaths = [
      ...publicPages,
      "/login",
      "/checkout",
      "/success",
      "/search?q=white",
      "/no-such-page",
      "/dashboard",
      "/api/products",
      "/api/products/no-such-product",
      "/healthz",
      "/sitemap.xml",
      "/robots.txt",
      "/favicon.svg",
    ];
    for (const path of guestPaths) {
      const response = await request.get(path, { maxRedirects: 0 });
      expectSecurityHeaders(response.headers(), `guest ${path} (${response.status()})`);
    }
    const refused = await request.post("/api/checkout/payment-intent", {
      headers: { Origin: "https://evil.example" },
      data: {},
    });
    expectSecurityHeaders(refused.headers(), `cross-site POST (${refused.status()})`);

    await logInAs(page, "admin@example.com", "admin-password-1");
    for (const path of [
      "/dashboard",
      "/dashboard/orders",
      "/dashboard/details",
      "/dashboard/wishlist",
      "/dashboard/settings",
      "/dashboard/analytics",
      "/dashboard/admin-orders",
      "/dashboard/admin-products",
      "/dashboard/admin-products/new",
      "/dashboard/admin-reviews",
      "/dashboard/admin-settings",
      "/dashboard/admin-orders/export",
      "/api/wishlist",
    ]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expectSecurityHeaders(response.headers(), `admin ${path}`);
    }
  });

  test("markup typed into an address and a note stays text for the customer and the admin", async ({
    page,
    browser,
  }) => {
    // A customer's paid order with markup typed into the address and the notes.
    const { orderId, orderNumber } = await placePaidOrder(page, "hostile", ADDRESS, NOTES);
    await gotoHydrated(page, "/dashboard/orders");
    await expect(page.getByText(orderNumber).first()).toBeVisible();
    expect(await pwned(page)).toBeNull();

    const admin = await newPage(browser);
    await logInAs(admin, "admin@example.com", "admin-password-1");
    await gotoHydrated(admin, `/dashboard/admin-orders/${orderId}`);
    // Shown as typed, run nowhere.
    await expect(admin.getByText(ADDRESS)).toBeVisible();
    await expect(admin.getByText(NOTES)).toBeVisible();
    expect(await pwned(admin)).toBeNull();
    expect(await admin.locator("main script, main img[src='x']").count()).toBe(0);
    // The orders list and its search show it as text too.
    await gotoHydrated(admin, `/dashboard/admin-orders?q=${orderId}`);
    await expect(admin.getByRole("link", { name: orderNumber })).toBeVisible();
    expect(await pwned(admin)).toBeNull();
    // The CSV export: the address quoted as one cell, the note's formula not a formula.
    const csv = await (
      await admin.request.get(`/dashboard/admin-orders/export?q=${orderId}`)
    ).text();
    expect(csv).toContain(
      `"1 <script>window.__pwned = 'script'</script> Road, London N1 1AA\nLondon\nN1 1AA\nUnited Kingdom"`,
    );
    expect(csv).not.toMatch(/,=HYPERLINK/);
    await admin.context().close();
  });

  test("another customer's order cannot be seen or paid, and answers as an unknown one", async ({
    page,
    browser,
  }) => {
    // A starts a checkout and stops before paying: their order is pending with a payment secret.
    await signUpAndVerify(page, uniqueEmail("owner"));
    await storeCart(page, [{ ...toothpasteTriple, quantity: 1 }]);
    const started = await page.request.post("/api/checkout/payment-intent", {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        items: [{ variantId: toothpasteTriple.variantId, quantity: 1 }],
        customerDetails: {
          fullName: "Ada Lovelace",
          email: "owner@example.com",
          phone: "07700 900123",
          shippingAddress: "1 Owner Road, London N1 1AA",
          notes: "",
        },
      },
    });
    expect(started.status()).toBe(200);
    const { orderId, clientSecret } = (await started.json()) as {
      orderId: string;
      clientSecret: string;
    };

    const other = await newPage(browser);
    await signUpAndVerify(other, uniqueEmail("other"));
    const origin = { Origin: new URL(other.url()).origin };
    const card = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
    const pay = (secret: string) =>
      other.request.post("/api/payments/test/confirm", {
        headers: origin,
        data: { clientSecret: secret, card },
      });
    const theirs = await pay(clientSecret);
    const madeUp = await pay(clientSecret.replace(/[0-9a-f]{6}$/, "abcdef"));
    expect(theirs.status()).toBe(404);
    expect(await theirs.json()).toEqual(await madeUp.json());
    expect(madeUp.status()).toBe(404);

    // /success names no order but the customer's own: A's id and an unknown one look the same.
    const success = async (id: string) =>
      (await (await other.request.get(`/success?order=${id}`)).text())
        .replace(/nonce="[^"]*"/g, "")
        .replaceAll(id, "ID");
    const seen = await success(orderId);
    expect(seen).not.toContain("Payment being confirmed");
    expect(seen).toBe(await success("00000000-0000-4000-8000-000000000000"));
    // Nor in B's orders, nor the admin's order page (403 for any id, theirs or not).
    await gotoHydrated(other, "/dashboard/orders");
    await expect(other.getByText(orderId.slice(0, 8))).toHaveCount(0);
    const adminPage = await other.request.get(`/dashboard/admin-orders/${orderId}`, {
      maxRedirects: 0,
    });
    const adminUnknown = await other.request.get(
      "/dashboard/admin-orders/00000000-0000-4000-8000-000000000000",
      { maxRedirects: 0 },
    );
    expect(adminPage.status()).toBe(adminUnknown.status());
    // A's order is still theirs to pay, untouched.
    const paid = await page.request.post("/api/payments/test/confirm", {
      headers: { Origin: new URL(page.url()).origin },
      data: { clientSecret, card },
    });
    expect(paid.status()).toBe(200);
    await other.context().close();
  });

  test("SQL metacharacters in search and ids are only text", async ({ request }) => {
    const hostile = [
      "' OR '1'='1",
      "'; drop table orders; --",
      '" union select password from account --',
      "%' and pg_sleep(5) --",
      "\\'; select 1; --",
    ];
    for (const text of hostile) {
      const q = encodeURIComponent(text);
      const started = Date.now();
      for (const path of [
        `/search?q=${q}`,
        `/api/products?q=${q}`,
        `/product/${q}`,
        `/api/products/${q}`,
        `/api/variants?ids=${q}`,
        `/product/${q}/review`,
      ]) {
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status(), `${path} -> ${response.status()}`).toBeLessThan(500);
      }
      // pg_sleep would have held the answer: nothing ran as SQL.
      expect(Date.now() - started).toBeLessThan(5000);
    }
    // The quotes and the operator are text: the search finds what its words find ("1" is in the
    // bundle's description), not the whole catalogue.
    const ids = async (query: string) =>
      (
        (await (await request.get(`/api/products?q=${encodeURIComponent(query)}`)).json()) as {
          products: Array<{ id: string }>;
        }
      ).products.map((product) => product.id);
    const found = await ids("' OR '1'='1");
    expect(found).toEqual(await ids("OR 1 1"));
    // The catalogue is whole afterwards.
    const all = (await (await request.get("/api/products")).json()) as { products: unknown[] };
    expect(all.products.length).toBeGreaterThanOrEqual(4);
    expect(found.length).toBeLessThan(all.products.length);
  });

  test("malformed JSON and wrong types answer 400 { error } and change nothing", async ({
    page,
  }) => {
    await logInAs(page, "customer@example.com", "customer-password-1");
    const headers = { Origin: new URL(page.url()).origin, "Content-Type": "application/json" };
    const bodies = [
      "{",
      "null",
      "[]",
      '"a string"',
      '{"items":"all of them"}',
      '{"items":[{"variantId":1,"quantity":"lots"}]}',
      '{"items":[{"variantId":"prod2-75ml","quantity":-5}],"customerDetails":{}}',
      '{"__proto__":{"admin":true},"items":[]}',
      // 60 KB of brackets: not JSON, then JSON nested 30,720 deep (a recursive walk overflows).
      "[".repeat(60 * 1024),
      `${"[".repeat(30 * 1024)}${"]".repeat(30 * 1024)}`,
      `${'{"items":'.repeat(20)}1${"}".repeat(20)}`,
    ];
    // The JSON endpoints that take a body (the wishlist's take none).
    for (const path of [
      "/api/checkout/payment-intent",
      "/api/payments/test/confirm",
      "/api/checkout/discount-code",
      "/api/newsletter",
    ]) {
      for (const body of bodies) {
        const response = await page.request.post(path, { headers, data: body });
        expect(response.status(), `${path} ${body}`).toBe(400);
        const answer = (await response.json()) as { error?: unknown };
        expect(typeof answer.error, `${path} ${body}`).toBe("string");
      }
    }
    const orders = await page.request.get("/dashboard/orders");
    expect(orders.status()).toBe(200);
  });

  test("a hand-edited page number is read as a page, never an error, on every list", async ({
    page,
  }) => {
    await logInAs(page, "admin@example.com", "admin-password-1");
    const lists = [
      "/store",
      "/search?q=white&",
      "/dashboard/orders",
      "/dashboard/admin-orders",
      "/dashboard/admin-products",
      "/dashboard/admin-reviews",
      "/dashboard/admin-customers",
      "/dashboard/admin-newsletter",
      "/dashboard/admin-checkouts",
    ];
    for (const list of lists) {
      for (const number of ["1.01", "2.5", "-3", "abc", "1e400"]) {
        const path = `${list}${list.endsWith("&") ? "" : "?"}page=${number}`;
        const response = await page.request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBeLessThan(400);
      }
    }
  });

  test("sessions: cookie flags, a new session at each log-in, and log-out ends it on the server", async ({
    page,
    browser,
    baseURL,
  }) => {
    // A session id planted before log-in (fixation) is not the one the log-in gives.
    await page.context().addCookies([
      {
        name: "better-auth.session_token",
        value: "planted.by-an-attacker",
        url: baseURL ?? "",
      },
    ]);
    await logInAs(page, "customer@example.com", "customer-password-1");
    const first = (await page.context().cookies()).find((cookie) =>
      cookie.name.endsWith("session_token"),
    );
    expect(first?.value).toBeTruthy();
    expect(first?.value).not.toBe("planted.by-an-attacker");
    expect(first?.httpOnly).toBe(true);
    expect(first?.sameSite).toBe("Lax");
    expect(first?.path).toBe("/");
    // (Secure over HTTPS: origins.spec.ts checks the cookie behind a TLS proxy.)

    const again = await newPage(browser);
    await logInAs(again, "customer@example.com", "customer-password-1");
    const second = (await again.context().cookies()).find((cookie) =>
      cookie.name.endsWith("session_token"),
    );
    expect(second?.value).not.toBe(first?.value);

    // Log out in the first browser: its cookie no longer opens anything, even sent by hand.
    const stolen = `${first?.name}=${first?.value}`;
    expect(
      (await again.request.get("/api/wishlist", { headers: { Cookie: stolen } })).status(),
    ).toBe(200);
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: /Log ?in/i })).toBeVisible();
    const replay = await browser.newContext();
    expect(
      (
        await replay.request.get(`${new URL(again.url()).origin}/api/wishlist`, {
          headers: { Cookie: stolen },
        })
      ).status(),
    ).toBe(401);
    // The other session is its own and still works.
    expect((await again.request.get("/api/wishlist")).status()).toBe(200);
    await replay.close();
    await again.context().close();
  });
});
