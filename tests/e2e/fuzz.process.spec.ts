import fc from "fast-check";
import { logIn } from "../../scripts/bench-checkout";
import type { BuiltServer } from "../../scripts/built-server";
import { expect, test } from "./fixtures";
import { startSeededServer } from "./seeded-shop";

// Random requests at every JSON endpoint (fuzzing): random methods, paths under each
// endpoint, query parameters, headers and bodies (JSON of any shape, text, bytes), as a guest and
// signed in. Whatever arrives, the server answers below 500, never logs an error, and still
// answers afterwards. Its own server, so its log can be read.

/**
 * Each endpoint with the method it serves (others are tried too, less often) and the query
 * parameters it reads (others are sent too).
 */
const ENDPOINTS: [string, string, string[]?][] = [
  ["/api/products", "GET", ["q", "limit", "offset"]],
  ["/api/products/prod1", "GET"],
  ["/api/products/", "GET"],
  ["/api/variants", "GET", ["ids"]],
  ["/api/checkout/payment-intent", "POST"],
  ["/api/payments/test/confirm", "POST"],
  ["/api/webhooks/stripe", "POST"],
  ["/api/me", "GET"],
  ["/api/wishlist", "GET"],
  ["/api/wishlist/prod1", "POST"],
  ["/api/wishlist/prod1", "DELETE"],
  ["/api/auth/sign-in/email", "POST"],
  ["/api/auth/sign-up/email", "POST"],
  ["/api/auth/get-session", "GET", ["disableCookieCache"]],
  ["/api/auth/sign-out", "POST"],
  ["/api/auth/request-password-reset", "POST"],
  ["/api/auth/update-user", "POST"],
  ["/api/auth/change-password", "POST"],
  ["/api/no-such-thing", "GET"],
];
/** Requests per endpoint. */
const RUNS = 100;

/** Text with the characters that break naive parsers: quotes, markup, SQL, nulls, far Unicode. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "' OR 1=1 --",
    "O'Brien",
    "'",
    '"; drop table orders; --',
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "\u0000",
    "{{7*7}}",
    "__proto__",
    "constructor",
    "9".repeat(400),
    "-1",
    "1e308",
    "NaN",
  ),
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  // Shapes close to the real ones, with wrong or hostile values inside.
  fc
    .record({
      items: fc.oneof(
        fc.array(
          fc.record({ variantId: nasty, quantity: fc.oneof(fc.integer(), fc.double(), nasty) }),
          { maxLength: 4 },
        ),
        nasty,
      ),
      customerDetails: fc.dictionary(nasty, fc.oneof(nasty, fc.integer()), { maxKeys: 6 }),
      email: nasty,
      password: nasty,
      clientSecret: nasty,
      productId: nasty,
      __proto__: fc.dictionary(nasty, nasty, { maxKeys: 2 }),
    })
    .map((value) => JSON.stringify(value)),
  nasty,
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);

const requestTo = (method: string, keys: string[] = []) =>
  fc.record({
    method: fc.oneof(
      { weight: 3, arbitrary: fc.constant(method) },
      {
        weight: 1,
        arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"),
      },
    ),
    suffix: fc.oneof(
      fc.constant(""),
      nasty.map((text) => `/${encodeURIComponent(text)}`),
    ),
    query: fc.dictionary(
      fc.oneof(
        { weight: keys.length > 0 ? 3 : 0, arbitrary: fc.constantFrom(...keys, "x") },
        { weight: 1, arbitrary: fc.constantFrom("q", "limit", "ids", "callbackURL", "token", "x") },
      ),
      nasty,
      { maxKeys: 4 },
    ),
    contentType: fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "",
    ),
    body,
    signedIn: fc.boolean(),
    sameOrigin: fc.boolean(),
    forwardedFor: fc.option(nasty),
    extraCookie: fc.option(nasty),
  });

test.describe("fuzzing every JSON endpoint", () => {
  test.describe.configure({ timeout: 90_000 });

  test("random methods, parameters, headers and bodies: no 5xx, no error logged, still answering", async () => {
    const server: BuiltServer = await startSeededServer({
      LOG_LEVEL: "info",
      AUTH_ATTEMPTS_PER_MINUTE: "10000",
      CHECKOUT_ATTEMPTS_PER_MINUTE: "10000",
    });
    const origin = `http://localhost:${server.port}`;
    try {
      const session = await logIn(
        server.url,
        origin,
        "customer@example.com",
        "customer-password-1",
      );
      // From here on: the health checks answered 503 while the database started, as they should.
      const logBefore = server.output().length;
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const [endpoint, method, keys] of ENDPOINTS) {
        await fc.assert(
          fc.asyncProperty(requestTo(method, keys), async (input) => {
            const url = new URL(`${server.url}${endpoint}${input.suffix}`);
            for (const [name, value] of Object.entries(input.query))
              url.searchParams.set(name, value);
            const headers: Record<string, string> = {};
            if (input.contentType) headers["Content-Type"] = input.contentType;
            if (input.sameOrigin) headers.Origin = origin;
            if (input.forwardedFor !== null)
              headers["X-Forwarded-For"] = encodeURI(input.forwardedFor);
            const cookies = [
              input.signedIn ? session : "",
              input.extraCookie !== null ? `x=${encodeURIComponent(input.extraCookie)}` : "",
            ].filter(Boolean);
            if (cookies.length > 0) headers.Cookie = cookies.join("; ");
            const hasBody = !["GET", "HEAD"].includes(input.method) && input.body !== undefined;
            const response = await fetch(url, {
              method: input.method,
              headers,
              body: hasBody ? input.body : undefined,
              redirect: "manual",
              signal: AbortSignal.timeout(15_000),
            });
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (response.status >= 500) {
              failures.push(`${input.method} ${url.pathname}${url.search} -> ${response.status}`);
            }
            return response.status < 500;
          }),
          // Twice as many where there are parameters to vary.
          { numRuns: keys ? 2 * RUNS : RUNS, endOnFailure: true },
        );
      }
      expect(failures).toEqual([]);
      // The answers were varied (not one refusal for everything): 2xx, 4xx of several kinds.
      const seen = [...statuses.keys()];
      expect(seen.some((status) => status < 300)).toBe(true);
      expect(seen.filter((status) => status >= 400).length).toBeGreaterThanOrEqual(3);
      // Still alive, still answering, and nothing was logged as an error.
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/products`)).status).toBe(200);
      const errorLines = server
        .output()
        .slice(logBefore)
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line));
      expect(errorLines).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  test("a client that hangs up mid-answer is logged as 499, not as a server error", async () => {
    const server = await startSeededServer({ LOG_LEVEL: "info", PAGE_CACHE_TTL_SECONDS: "0" });
    try {
      for (let attempt = 0; attempt < 20; attempt++) {
        await fetch(`${server.url}/product/prod1`, { signal: AbortSignal.timeout(2) }).catch(
          () => {},
        );
      }
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"status":499');
      expect(server.output()).not.toContain('"status":500');
      expect((await fetch(`${server.url}/product/prod1`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
