import { STOCK_BAND } from "../common/stock/stock-levels";
import { seedProducts } from "../server/seed/catalog-data";
import type { BuiltServer } from "./built-server";

// The checkout under load: many customers at once each create an order (POST
// /api/checkout/payment-intent) and pay it with the test card (POST /api/payments/test/confirm),
// again and again, until the variant's stock is gone or the time is up. Reports orders per second
// and the latency of one whole checkout, and checks that no unit was sold twice: paid orders plus
// orders still pending plus the stock left must equal the stock at the start.

const VARIANT = "prod2-75ml";

type Session = { cookie: string; email: string };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

/** The variant's stock as the shop publishes it: exact below the band, the band above. */
async function publishedStock(base: string): Promise<number> {
  const response = await fetch(`${base}/api/variants?ids=${VARIANT}`);
  const body = (await response.json()) as { variants: Array<{ stockQuantity: number }> };
  const stock = body.variants[0]?.stockQuantity;
  if (stock === undefined) throw new Error(`no variant ${VARIANT}`);
  return stock;
}

/** The exact starting stock: the bench's server is a fresh database seeded with the demo data. */
function seededStock(): number {
  const variant = seedProducts
    .flatMap((product) => product.variants)
    .find((candidate) => candidate.id === VARIANT);
  if (!variant) throw new Error(`no variant ${VARIANT} in the demo catalogue`);
  return variant.stockQuantity;
}

/** The password of the customers signUpCustomers makes. */
export const CUSTOMER_PASSWORD = "bench-password-1";

/** A page form posted as a browser without JavaScript would, from the shop's own origin. */
export function postForm(
  base: string,
  origin: string,
  path: string,
  fields: Record<string, string>,
) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/**
 * Signs up `count` customers through /login, confirms each address with the dev mailbox's link
 * (which signs no one in), then logs each in.
 */
export async function signUpCustomers(
  base: string,
  origin: string,
  count: number,
): Promise<Session[]> {
  const run = Date.now();
  const emails = Array.from({ length: count }, (_, index) => `bench-${run}-${index}@example.com`);
  const password = CUSTOMER_PASSWORD;
  for (const email of emails) {
    const response = await postForm(base, origin, "/login", {
      intent: "sign-up",
      fullName: "Bench Customer",
      email,
      password,
    });
    if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  }
  let links: string[] = [];
  for (let attempt = 0; attempt < 50 && links.length < count; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const html = await (await fetch(`${base}/dev/mailbox`)).text();
    links = emails.flatMap((email) => {
      const block = html.split(email)[1] ?? "";
      const link = /href="(http[^"]*verify-email[^"]*)"/.exec(block)?.[1]?.replaceAll("&amp;", "&");
      return link ? [link] : [];
    });
  }
  if (links.length < count) throw new Error("the verification emails did not all arrive");
  for (const link of links) {
    const verified = await fetch(link.replace(/^https?:\/\/[^/]+/, base), { redirect: "manual" });
    if (verified.status !== 302) throw new Error(`verification answered ${verified.status}`);
  }
  return Promise.all(
    emails.map(async (email) => ({ cookie: await logIn(base, origin, email, password), email })),
  );
}

/** Logs in through /login as a browser would; returns the session's Cookie header. */
export async function logIn(
  base: string,
  origin: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await postForm(base, origin, "/login", { intent: "sign-in", email, password });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`log-in answered ${response.status}`);
  return cookie;
}

export async function benchCheckout(server: BuiltServer, concurrency: number, seconds: number) {
  const base = server.url;
  // The origin the server is configured with (BASE_URL): better-auth checks it.
  const origin = `http://localhost:${server.port}`;
  const sessions = await signUpCustomers(base, origin, concurrency);
  const startingStock = seededStock();
  const latencies: number[] = [];
  let paid = 0;
  let pending = 0;
  let soldOut = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  await Promise.all(
    sessions.map(async (session, index) => {
      const headers = {
        "Content-Type": "application/json",
        Origin: origin,
        Cookie: session.cookie,
      };
      while (performance.now() < deadline) {
        const begin = performance.now();
        const created = await fetch(`${base}/api/checkout/payment-intent`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            items: [{ variantId: VARIANT, quantity: 1 }],
            customerDetails: {
              fullName: "Bench Customer",
              email: `bench-${index}@example.com`,
              phone: "07700 900123",
              shippingAddress: `${index} Bench Street, London N1 1AA`,
              // Each order its own: an identical submit would find the same pending order.
              notes: `order ${latencies.length + failures + soldOut}-${Math.random()}`,
            },
          }),
        });
        if (created.status === 409) {
          soldOut++;
          return;
        }
        if (!created.ok) {
          failures++;
          continue;
        }
        const { clientSecret } = (await created.json()) as { clientSecret: string };
        pending++;
        const confirmed = await fetch(`${base}/api/payments/test/confirm`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            clientSecret,
            card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
          }),
        });
        if (!confirmed.ok) {
          failures++;
          continue;
        }
        pending--;
        paid++;
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  // Published stock is exact only below the band: the books are checked when the run got there
  // (it runs until the stock is gone or the time is up).
  const published = await publishedStock(base);
  const remainingStock = published < STOCK_BAND ? published : null;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    variant: VARIANT,
    seconds: Math.round(elapsedSeconds * 10) / 10,
    paidOrders: paid,
    ordersPerSecond: Math.round((paid / elapsedSeconds) * 10) / 10,
    checkoutLatencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
    },
    refusedSoldOut: soldOut,
    failures,
    stock: {
      start: startingStock,
      remaining: remainingStock,
      heldByPendingOrders: pending,
      accountedFor:
        remainingStock === null
          ? `not checked: ${STOCK_BAND} or more left, and the exact figure is not published`
          : paid + pending + remainingStock === startingStock,
    },
  };
}
