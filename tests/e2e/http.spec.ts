import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { logInAs, logOut } from "./account-fixtures";
import { expect, gotoHydrated, test } from "./fixtures";

/** A POST through node:http, with or without a Content-Length (chunked). */
function postRaw(
  url: string,
  body: string,
  headers: Record<string, string>,
  {
    chunked = false,
    declaredLength,
  }: {
    chunked?: boolean;
    /** Announce this many bytes but send only `body`: the answer must come from the header. */
    declaredLength?: number;
  } = {},
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: "POST",
        // A new connection each time: a refused body's connection is closed after the answer.
        agent: false,
        headers: chunked
          ? headers
          : {
              ...headers,
              "Content-Length": String(declaredLength ?? Buffer.byteLength(body)),
            },
      },
      (response) => {
        // The status is the answer; the server may close before the whole body is sent.
        response.resume();
        response.on("error", () => {});
        resolve({ status: response.statusCode ?? 0 });
        if (declaredLength !== undefined) request.destroy();
      },
    );
    request.on("error", reject);
    if (declaredLength !== undefined) {
      request.write(body);
    } else if (chunked) {
      for (let offset = 0; offset < body.length; offset += 16 * 1024) {
        request.write(body.slice(offset, offset + 16 * 1024));
      }
      request.end();
    } else {
      request.end(body);
    }
  });
}

/** A GET through node:http with the request target exactly as written; the body as sent. */
function getRaw(
  origin: string,
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${target}`, { path: target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === "string") flat[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
    });
    request.on("error", reject).end();
  });
}

// HTTP behaviour of the server; the viewport does not matter, so this runs in one project.
test.describe("HTTP server", () => {
  test("security headers with a fresh CSP nonce on a personal page", async ({ request }) => {
    // /login is personal for a signed-in visitor: rendered for them, with a nonce of its own.
    const session = { Cookie: "better-auth.session_token=abc.def" };
    const first = await request.get("/login", { headers: session });
    const second = await request.get("/login", { headers: session });
    const headers = first.headers();
    expect(headers["x-page-cache"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(second.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
    // No HSTS over plain HTTP.
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  test("a page from the cache allows exactly its own inline scripts, by hash, and no nonce", async ({
    request,
  }) => {
    // Text typed into a search is in the page (and in its data): it is escaped, never a script.
    const path = "/search?q=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E";
    for (const state of ["MISS", "HIT"]) {
      const response = await request.get(path);
      expect(response.headers()["x-page-cache"]).toBe(state);
      const csp = response.headers()["content-security-policy"] ?? "";
      const allowed = (/script-src ([^;]*)/.exec(csp)?.[1] ?? "").split(" ");
      expect(allowed.filter((source) => source.startsWith("'nonce-"))).toEqual([]);
      const html = await response.text();
      expect(html).not.toMatch(/\snonce=/);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\ssrc=/.test(attributes ?? ""),
      );
      expect(inline.length).toBeGreaterThan(2);
      const hashes = inline.map(
        ([, , text]) =>
          `'sha256-${createHash("sha256")
            .update(text ?? "")
            .digest("base64")}'`,
      );
      // Every inline script is allowed, and nothing else is.
      expect(allowed.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(
        [...new Set(hashes)].sort(),
      );
      expect(html).not.toContain("<script>alert(1)</script>");
    }
  });

  test("a hit answered before the app is the answer the app gives for the same page", async ({
    baseURL,
  }) => {
    const origin = baseURL ?? "";
    for (const encoding of ["identity", "gzip", "br"]) {
      const headers = { "Accept-Encoding": encoding };
      await getRaw(origin, "/about", headers);
      // "/about" is answered by the fast lane; "/about?" is the same page (the app drops the empty
      // query), which the fast lane leaves to the app.
      const fast = await getRaw(origin, "/about", headers);
      const app = await getRaw(origin, "/about?", headers);
      expect(fast.headers["x-page-cache"]).toBe("HIT");
      expect(app.headers["x-page-cache"]).toBe("HIT");
      expect(fast.status).toBe(app.status);
      expect(fast.body.equals(app.body), encoding).toBe(true);
      const perResponse = new Set(["date", "x-request-id"]);
      const same = (all: Record<string, string>) =>
        Object.entries(all)
          .filter(([name]) => !perResponse.has(name))
          .sort(([a], [b]) => a.localeCompare(b));
      expect(same(fast.headers), encoding).toEqual(same(app.headers));
      expect(fast.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(fast.headers["x-request-id"]).not.toBe(app.headers["x-request-id"]);
    }
  });

  // A page the app renders goes out as one body with its length, never chunked: a client (or a
  // cache in front) knows its size before it arrives, compressed or not.
  test("a rendered page is sent whole, with its length", async ({ baseURL }) => {
    // A signed-in visitor's /login is rendered for them, never from the page cache.
    const session = { Cookie: "better-auth.session_token=abc.def" };
    for (const encoding of ["identity", "gzip"]) {
      const page = await getRaw(baseURL ?? "", "/login", {
        ...session,
        "Accept-Encoding": encoding,
      });
      expect(page.status).toBe(200);
      expect(page.headers["x-page-cache"]).toBeUndefined();
      expect(page.headers["transfer-encoding"], encoding).toBeUndefined();
      expect(Number(page.headers["content-length"]), encoding).toBe(page.body.length);
    }
  });

  test("pages are compressed for clients that accept it", async ({ request }) => {
    const response = await request.get("/store", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("fingerprinted assets are cached for a year, other files briefly", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    expect(stylesheet).toMatch(/^\/assets\//);
    const asset = await request.get(stylesheet ?? "");
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await request.get("/images/products/whitening-strips.svg");
    expect(image.status()).toBe(200);
    expect(image.headers()["cache-control"]).toBe("public, max-age=86400");
  });

  test("scripts, styles and SVG images are sent as the build compressed them, Brotli first", async ({
    request,
    baseURL,
  }) => {
    // Read from the page as served: its scripts are named in its module preloads.
    const html = await (await request.get("/product/prod1")).text();
    // The framework's chunk (vite.config.ts): the largest script every page loads.
    const script = /"(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1];
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    const origin = baseURL ?? "";
    for (const path of [script, stylesheet, "/images/products/whitening-strips.svg"]) {
      expect(path).toBeTruthy();
      const plain = await getRaw(origin, path ?? "", { "Accept-Encoding": "identity" });
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      const asBrowsersAsk = await getRaw(origin, path ?? "", {
        "Accept-Encoding": "gzip, deflate, br, zstd",
      });
      expect(asBrowsersAsk.headers["content-encoding"], path ?? "").toBe("br");
      expect(asBrowsersAsk.headers.vary).toMatch(/Accept-Encoding/i);
      // The build's file, not a per-request stream: its length is known before it is sent.
      expect(Number(asBrowsersAsk.headers["content-length"])).toBe(asBrowsersAsk.body.length);
      expect(asBrowsersAsk.body.length).toBeLessThan(plain.body.length);
      expect(brotliDecompressSync(asBrowsersAsk.body).equals(plain.body)).toBe(true);
      const gzipOnly = await getRaw(origin, path ?? "", { "Accept-Encoding": "gzip" });
      expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
      expect(Number(gzipOnly.headers["content-length"])).toBe(gzipOnly.body.length);
      expect(gunzipSync(gzipOnly.body).equals(plain.body)).toBe(true);
    }
  });

  test("/healthz answers 200 when the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers()["cache-control"]).toBe("no-store");
  });

  test("pages come from the page cache; a session bypasses it only for its own pages", async ({
    request,
  }) => {
    await request.get("/login");
    const cached = await request.get("/login");
    expect(cached.headers()["x-page-cache"]).toBe("HIT");
    expect(cached.headers().vary ?? "").toMatch(/Cookie/i);
    // Cookies that are not a session (a consent banner's, an analytics id) change nothing.
    const otherCookie = await request.get("/login", { headers: { Cookie: "consent=yes; _ga=1" } });
    expect(otherCookie.headers()["x-page-cache"]).toBe("HIT");
    const session = { Cookie: "better-auth.session_token=abc.def" };
    const login = await request.get("/login", { headers: session });
    expect(login.headers()["x-page-cache"]).toBeUndefined();
    // A public page is the same for everyone: served from the cache, session or not.
    await request.get("/about");
    const about = await request.get("/about", { headers: session });
    expect(about.headers()["x-page-cache"]).toBe("HIT");
  });

  test("two signed-in customers get the same cached public pages, and each only their own data", async ({
    browser,
  }) => {
    const shoppers = [
      { email: "customer@example.com", password: "customer-password-1", saves: "prod2" },
      { email: "admin@example.com", password: "admin-password-1", saves: "prod3" },
    ];
    const sessions = [];
    for (const shopper of shoppers) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await logInAs(page, shopper.email, shopper.password);
      // Saved through the API as the heart does (a same-origin fetch from the page).
      const status = await page.evaluate(
        (id) => fetch(`/api/wishlist/${id}`, { method: "PUT" }).then((answer) => answer.status),
        shopper.saves,
      );
      expect(status).toBe(200);
      sessions.push({ ...shopper, context, page });
    }
    try {
      const bodies: string[] = [];
      for (const { page, email } of sessions) {
        for (const path of ["/", "/store", "/product/prod2", "/product/prod3"]) {
          // Warmed, then read again: a hit. Another test's purchase may purge the page between
          // the two (its stock purge, gathered: docs/decisions/055), so the pair is asked again
          // until the page stays; a page a session cannot share never becomes a hit.
          let response = await page.request.get(path);
          await expect
            .poll(
              async () => {
                response = await page.request.get(path);
                return response.headers()["x-page-cache"];
              },
              { message: `${email} ${path}`, timeout: 10_000 },
            )
            .toBe("HIT");
          expect(response.headers()["cache-control"] ?? "", path).not.toMatch(/private/);
          const html = await response.text();
          expect(html).not.toContain(email);
          if (path === "/product/prod2") bodies.push(html);
        }
        // The private pages stay private.
        const dashboard = await page.request.get("/dashboard");
        expect(dashboard.headers()["cache-control"]).toBe("private, no-store");
        expect(dashboard.headers()["x-page-cache"]).toBeUndefined();
      }
      expect(bodies[0]).toBe(bodies[1]);

      for (const { page, saves } of sessions) {
        const me = await page.request.get("/api/me");
        expect(me.headers()["cache-control"]).toBe("private, no-store");
        expect(me.headers()["x-page-cache"]).toBeUndefined();
        const answer = await me.json();
        expect(answer.signedIn).toBe(true);
        expect(answer.wishlist).toContain(saves);
        const other = saves === "prod2" ? "prod3" : "prod2";
        expect(answer.wishlist).not.toContain(other);

        // In the browser: the account's controls and only this customer's hearts, from the cache.
        await gotoHydrated(page, "/store");
        const banner = page.getByRole("banner");
        await expect(banner.getByRole("button", { name: "Log out" })).toBeVisible();
        await expect(banner.getByRole("link", { name: "Login" })).toBeHidden();
        const heart = (id: string) => page.locator(`[data-wishlist-product="${id}"]`).first();
        await expect(heart(saves)).toHaveAttribute("aria-pressed", "true");
        await expect(heart(other)).toHaveAttribute("aria-pressed", "false");
      }
    } finally {
      for (const { page, saves } of sessions) {
        await page.evaluate((id) => fetch(`/api/wishlist/${id}`, { method: "DELETE" }), saves);
      }
      for (const { context } of sessions) await context.close();
    }
  });

  test("a guest's public pages ask the API nothing; a signed-in shopper's ask /api/me", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/api/") && !pathname.startsWith("/api/auth/")) asked.push(pathname);
    });
    const signedInCookie = async () =>
      (await context.cookies()).find((cookie) => cookie.name === "gleam_signed_in");
    try {
      for (const path of ["/", "/store", "/product/prod1", "/about"])
        await gotoHydrated(page, path);
      // A page followed within the app asks nothing either.
      await page.getByRole("banner").getByRole("link", { name: "Store" }).first().click();
      await expect(page).toHaveURL(/\/store$/);
      await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
      expect(asked).toEqual([]);
      expect(await signedInCookie()).toBeUndefined();

      // Signing in sets the cookie the page may read, with the session's lifetime and no more.
      await logInAs(page, "customer@example.com", "customer-password-1");
      const cookies = await context.cookies();
      const session = cookies.find((cookie) => cookie.name.endsWith("better-auth.session_token"));
      const signedIn = await signedInCookie();
      expect(signedIn).toMatchObject({ value: "1", httpOnly: false, path: "/", sameSite: "Lax" });
      expect(session?.httpOnly).toBe(true);
      expect(Math.abs((signedIn?.expires ?? 0) - (session?.expires ?? -1))).toBeLessThan(2);
      asked.length = 0;
      await gotoHydrated(page, "/store");
      await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
      expect(asked).toEqual(["/api/me"]);

      // Signing out clears it: the next pages are a guest's again, asking nothing.
      await logOut(page);
      await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
      await expect.poll(signedInCookie).toBeUndefined();
      asked.length = 0;
      for (const path of ["/", "/product/prod2"]) await gotoHydrated(page, path);
      expect(asked).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("bodies over the limit are refused with 413 before they are read", async ({
    baseURL,
    page,
    browser,
  }) => {
    const origin = baseURL ?? "";
    const big = "a".repeat(200 * 1024);
    // A body announced over the limit is refused by its Content-Length alone: announced, not all
    // sent, since a client still sending when the server closes the connection may never read
    // the answer (EPIPE; as a browser would read it, it has arrived).
    const announced = { declaredLength: big.length };
    const firstPart = big.slice(0, 16 * 1024);
    for (const path of ["/login", "/api/auth/sign-in/email", "/api/checkout/payment-intent"]) {
      const response = await postRaw(
        `${origin}${path}`,
        firstPart,
        { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        announced,
      );
      expect(response.status, path).toBe(413);
    }
    // Without a Content-Length (chunked), the count stops at the limit: a body just over it, all
    // in the connection's buffers before the answer comes.
    const justOver = big.slice(0, 80 * 1024);
    const chunked = await postRaw(
      `${origin}/login`,
      justOver,
      { Origin: origin },
      { chunked: true },
    );
    expect(chunked.status).toBe(413);
    // Stripe's webhook has its own, larger limit.
    const webhook = await postRaw(
      `${origin}/api/webhooks/stripe`,
      `{"x":"${"a".repeat(300 * 1024)}"}`,
      {
        "Content-Type": "application/json",
      },
    );
    expect(webhook.status).not.toBe(413);
    const hugeWebhook = await postRaw(
      `${origin}/api/webhooks/stripe`,
      firstPart,
      { "Content-Type": "application/json" },
      { declaredLength: 2 * 1024 * 1024 },
    );
    expect(hugeWebhook.status).toBe(413);
    // The admin's product forms carry an image: 8 MB at most (the image itself 5 MB).
    // Announced, not sent, as above.
    const hugeUpload = await postRaw(
      `${origin}/dashboard/admin-products/new`,
      "a".repeat(64 * 1024),
      { "Content-Type": "multipart/form-data; boundary=x", Origin: origin },
      { declaredLength: 9 * 1024 * 1024 },
    );
    expect(hugeUpload.status).toBe(413);
    // The upload's room is a signed-in admin's only: a guest's post there is a
    // form like any other, cut at 64 KB, announced or chunked, before the admin's guard reads it.
    for (const chunked of [false, true]) {
      const guest = await postRaw(
        `${origin}/dashboard/admin-products/new`,
        chunked ? justOver : firstPart,
        { "Content-Type": "multipart/form-data; boundary=x", Origin: origin },
        chunked ? { chunked } : announced,
      );
      expect(guest.status, chunked ? "chunked" : "announced").toBe(413);
    }
    const sessionOf = async (target: typeof page, email: string, password: string) => {
      await logInAs(target, email, password);
      return (await target.context().cookies())
        .map((entry) => `${entry.name}=${entry.value}`)
        .join("; ");
    };
    // Sent whole to the admin, whose limit it is under; announced only to anyone else.
    const postAs = (cookie: string, whole: boolean) =>
      postRaw(
        `${origin}/dashboard/admin-products/new`,
        whole ? big : firstPart,
        { "Content-Type": "multipart/form-data; boundary=x", Origin: origin, Cookie: cookie },
        whole ? {} : announced,
      );
    // Past the size check, the admin's form is read (and refused as no form at all), never 413.
    const admin = await sessionOf(page, "admin@example.com", "admin-password-1");
    expect((await postAs(admin, true)).status).not.toBe(413);
    // The product import's file may be larger than an image: 10 MB, with room for the form.
    const importAs = (size: number, whole: boolean) =>
      postRaw(
        `${origin}/dashboard/admin-products/import`,
        whole ? "a".repeat(size) : firstPart,
        { "Content-Type": "multipart/form-data; boundary=x", Origin: origin, Cookie: admin },
        whole ? {} : { declaredLength: size },
      );
    expect((await importAs(10.5 * 1024 * 1024, true)).status).not.toBe(413);
    expect((await importAs(12 * 1024 * 1024, false)).status).toBe(413);
    // A signed-in customer is no admin: the form's limit.
    const customerContext = await browser.newContext({ baseURL: origin });
    try {
      const customer = await sessionOf(
        await customerContext.newPage(),
        "customer@example.com",
        "customer-password-1",
      );
      expect((await postAs(customer, false)).status).toBe(413);
    } finally {
      await customerContext.close();
    }
  });

  test("page forms answer 415 to a JSON or text body, never 500", async ({ request, baseURL }) => {
    for (const [type, body] of [
      ["application/json", JSON.stringify({ intent: "sign-in", email: "a@b.co", password: "x" })],
      ["text/plain", "intent=sign-in"],
    ] as const) {
      const response = await request.post("/login", {
        headers: { "Content-Type": type, Origin: baseURL ?? "" },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status(), type).toBe(415);
    }
  });

  test("every page answers with a complete document (readable without JavaScript)", async ({
    request,
  }) => {
    const html = await (await request.get("/product/prod1")).text();
    expect(html).toContain("<h1");
    expect(html).toContain("Whitening Strips");
    expect(html).toContain("What's in the kit");
  });
});
