import { readdirSync, readFileSync } from "node:fs";
import { openDatabase } from "@server/db/client";
import { seedProducts } from "@server/seed/catalog-data";
import { seedScaleCatalog } from "@server/seed/scale-catalog";
import pg from "pg";
import { logIn } from "./bench-checkout";
import { freshPostgresDatabase } from "./bench-database";
import { measureRoutes } from "./bench-routes";
import { type BuiltServer, freePort, startBuiltServer } from "./built-server";
import { startVarnish } from "./varnish";

// `npm run bench -- --scale` (docs/scale.md): what one instance and one PostgreSQL carry, from
// measured costs, and what a shared cache in front takes off them. On BENCH_POSTGRES_URL's server
// (required: one PostgreSQL is what is measured), with the 10,000-product catalogue:
// 1. the cost of each kind of request at the origin with no cache at all: the server's CPU and
//    the database's time per request (PostgreSQL's own count of time spent running statements,
//    pg_stat_database.active_time) and the bytes sent (Brotli, as browsers ask);
// 2. the product page at 10 connections: rendered every time, and through Varnish;
// 3. a day's traffic shape replayed through Varnish in front of one instance, compressed into
//    BENCH_SCALE_SECONDS (48: two seconds an hour), at BENCH_SCALE_RATE requests a second on
//    average (40), the evening peak and a viral hour at ten times that: the cache's hit ratio, the
//    origin's requests and CPU, and the p99 each shopper saw.
// Bounded: about three minutes in all. It reports; it does not gate.

const DATABASE = "gleam_bench_scale";
const CATALOGUE = 10_000;
const CLOCK_TICKS = 100;
const CUSTOMER = ["customer@example.com", "customer-password-1"] as const;
const SEARCHES = ["white", "strips", "mint", "pen", "sensitive", "charcoal", "floss", "gel"];

/** CPU time (ms) of a process and every process under it (a primary and its workers). */
function treeCpuMs(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at = pid, depth = 0; at > 1 && depth < 10; depth++) {
      if (at === rootPid) return true;
      at = stats.get(at)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) ticks += stat.ticks;
  return (ticks * 1000) / CLOCK_TICKS;
}

async function databaseActiveMs(client: pg.Client): Promise<number> {
  await client.query("select pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ ms: number }>(
    "select active_time::float8 as ms from pg_stat_database where datname = $1",
    [DATABASE],
  );
  return rows[0]?.ms ?? 0;
}

/** Zipf-like popularity: a few products take most views, as in every shop. */
function popularProduct(random: number): string {
  const rank = Math.min(CATALOGUE, Math.floor(1 / (1 - random * 0.9999)) ** 1.2);
  const seeded = seedProducts.map((product) => product.id);
  if (rank <= seeded.length) return seeded[Math.max(0, Math.floor(rank) - 1)] ?? "prod1";
  return `scale-${String(Math.floor(rank) - seeded.length).padStart(5, "0")}`;
}

type Kind = { name: string; request: () => { path: string; init?: RequestInit } };

function checkoutBody(variantId: string) {
  return JSON.stringify({
    items: [{ variantId, quantity: 1 }],
    customerDetails: {
      fullName: "Demo Customer",
      email: CUSTOMER[0],
      phone: "07700 900123",
      shippingAddress: "1 Scale Street, London",
      notes: `scale ${Math.random()}`,
    },
  });
}

/** Sends `kind`'s requests, `connections` at once, for `seconds`; what came back. */
async function closedLoop(base: string, kind: Kind, connections: number, seconds: number) {
  const until = Date.now() + seconds * 1000;
  let requests = 0;
  let bytes = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const { path, init } = kind.request();
        const headers = new Headers(init?.headers);
        headers.set("Accept-Encoding", "br");
        const response = await fetch(`${base}${path}`, { ...init, headers, redirect: "manual" });
        const body = await response.arrayBuffer();
        requests++;
        bytes += Number(response.headers.get("content-length") ?? body.byteLength);
        if (response.status >= 400) failures++;
      }
    }),
  );
  return { requests, bytes, failures };
}

async function shopOn(url: string, env: Record<string, string>): Promise<BuiltServer> {
  return startBuiltServer(
    {
      DATABASE_URL: url,
      SHOP_MODE: "demo",
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "info",
      AUTH_ATTEMPTS_PER_MINUTE: "10000",
      CHECKOUT_ATTEMPTS_PER_MINUTE: "100000",
      ...env,
    },
    { captureOutput: false },
  );
}

/** 1. Each kind of request at the origin, nothing cached: CPU, database time and bytes. */
async function measureCosts(url: string, client: pg.Client, seconds: number) {
  const results: Record<string, unknown> = {};
  const kinds = (cookie: string, origin: string): Kind[] => [
    {
      name: "product page",
      request: () => ({ path: `/product/${popularProduct(Math.random())}` }),
    },
    {
      name: "listing page",
      request: () => ({ path: `/store?page=${1 + Math.floor(Math.random() * 20)}` }),
    },
    {
      name: "search page",
      request: () => ({
        path: `/search?q=${SEARCHES[Math.floor(Math.random() * SEARCHES.length)]}`,
      }),
    },
    {
      name: "/api/me signed in",
      request: () => ({ path: "/api/me", init: { headers: { Cookie: cookie } } }),
    },
    {
      name: "account page",
      request: () => ({ path: "/dashboard", init: { headers: { Cookie: cookie } } }),
    },
    {
      name: "checkout (order placed)",
      request: () => ({
        path: "/api/checkout/payment-intent",
        init: {
          method: "POST",
          headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
          body: checkoutBody("prod2-75ml"),
        },
      }),
    },
  ];
  for (let index = 0; index < 6; index++) {
    const server = await shopOn(url, { PAGE_CACHE_TTL_SECONDS: "0" });
    try {
      const origin = `http://localhost:${server.port}`;
      const cookie = await logIn(server.url, origin, ...CUSTOMER);
      const kind = kinds(cookie, origin)[index] as Kind;
      await closedLoop(server.url, kind, 2, 1);
      const cpuBefore = treeCpuMs(server.child.pid ?? 0);
      const dbBefore = await databaseActiveMs(client);
      const started = performance.now();
      const done = await closedLoop(server.url, kind, 4, seconds);
      const elapsedS = (performance.now() - started) / 1000;
      const cpuMs = treeCpuMs(server.child.pid ?? 0) - cpuBefore;
      // A backend reports its time when its connection closes: stop the shop, then read.
      await server.stop();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const dbMs = (await databaseActiveMs(client)) - dbBefore;
      results[kind.name] = {
        requests: done.requests,
        failures: done.failures,
        requestsPerSecond: Math.round(done.requests / elapsedS),
        serverCpuMsPerRequest: round(cpuMs / done.requests),
        databaseMsPerRequest: round(dbMs / done.requests),
        kilobytesPerRequest: round(done.bytes / done.requests / 1024),
      };
    } finally {
      await server.stop();
    }
  }
  return results;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A UK shop's day, hour by hour (share of the mean), with a viral hour at 20:00 at ten times it. */
const DAY_SHAPE = [
  0.2, 0.1, 0.1, 0.1, 0.1, 0.2, 0.4, 0.7, 0.9, 1, 1.1, 1.2, 1.3, 1.2, 1.1, 1.1, 1.2, 1.4, 1.6, 1.9,
  10, 2, 1.4, 0.6,
];

/** 3. The day's shape through the cache: what shoppers saw, what reached the origin. */
async function replayDay(
  cacheUrl: string,
  origin: BuiltServer,
  client: pg.Client,
  seconds: number,
  meanRate: number,
) {
  const shape = DAY_SHAPE.map((share) => (share * 24) / DAY_SHAPE.reduce((a, b) => a + b, 0));
  const hourMs = (seconds * 1000) / 24;
  const cookie = await logIn(cacheUrl, cacheUrl, ...CUSTOMER);
  const latencies: number[] = [];
  const states = { HIT: 0, MISS: 0, PASS: 0, other: 0 };
  let failures = 0;
  const perHour: Array<{ sent: number; origin: number }> = shape.map(() => ({
    sent: 0,
    origin: 0,
  }));
  const pending = new Set<Promise<void>>();
  const cpuBefore = treeCpuMs(origin.child.pid ?? 0);
  const dbBefore = await databaseActiveMs(client);
  const start = Date.now();
  const pick = (): { path: string; headers: Record<string, string> } => {
    const signedIn = Math.random() < 0.1;
    const headers: Record<string, string> = signedIn ? { Cookie: cookie } : {};
    const roll = Math.random();
    // Every page view also asks /api/me (the header's account controls and hearts).
    if (roll < 0.5) return { path: "/api/me", headers };
    if (roll < 0.72) return { path: `/product/${popularProduct(Math.random())}`, headers };
    if (roll < 0.8) return { path: "/", headers };
    if (roll < 0.9) return { path: `/store?page=${1 + Math.floor(Math.random() * 5)}`, headers };
    if (roll < 0.95) {
      return {
        path: `/search?q=${SEARCHES[Math.floor(Math.random() * SEARCHES.length)]}`,
        headers,
      };
    }
    if (roll < 0.98) return { path: "/checkout", headers };
    return { path: "/dashboard", headers: { Cookie: cookie } };
  };
  for (;;) {
    const elapsed = Date.now() - start;
    const hour = Math.floor(elapsed / hourMs);
    if (hour >= 24) break;
    const tick = 20;
    const due = ((shape[hour] ?? 1) * meanRate * tick) / 1000;
    const count = Math.floor(due) + (Math.random() < due % 1 ? 1 : 0);
    for (let index = 0; index < count; index++) {
      const { path, headers } = pick();
      const slot = perHour[hour] as { sent: number; origin: number };
      slot.sent++;
      const sentAt = performance.now();
      const request = fetch(`${cacheUrl}${path}`, {
        headers: { ...headers, "Accept-Encoding": "gzip" },
        redirect: "manual",
      })
        .then(async (response) => {
          await response.arrayBuffer();
          latencies.push(performance.now() - sentAt);
          const state = response.headers.get("x-cache") ?? "other";
          if (state === "HIT" || state === "MISS" || state === "PASS") states[state]++;
          else states.other++;
          if (state !== "HIT") slot.origin++;
          if (response.status >= 500) failures++;
        })
        .catch(() => {
          failures++;
        })
        .finally(() => pending.delete(request));
      pending.add(request);
    }
    await new Promise((resolve) => setTimeout(resolve, tick));
  }
  await Promise.all(pending);
  const elapsedS = (Date.now() - start) / 1000;
  const cpuMs = treeCpuMs(origin.child.pid ?? 0) - cpuBefore;
  const dbMs = (await databaseActiveMs(client)) - dbBefore;
  latencies.sort((a, b) => a - b);
  const total = latencies.length;
  const at = (q: number) => round(latencies[Math.min(total - 1, Math.floor(q * total))] ?? 0);
  const hourSeconds = hourMs / 1000;
  const peak = perHour.reduce((best, slot) => (slot.sent > best.sent ? slot : best));
  return {
    secondsPerHour: round(hourSeconds),
    meanRequestsPerSecond: meanRate,
    requests: total,
    failures,
    cache: states,
    hitRatio: round(states.HIT / Math.max(1, total)),
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
    peakHour: {
      requestsPerSecond: Math.round(peak.sent / hourSeconds),
      originRequestsPerSecond: Math.round(peak.origin / hourSeconds),
    },
    origin: {
      requestsPerSecond: round((states.MISS + states.PASS + states.other) / elapsedS),
      cpuCoresUsed: round(cpuMs / 1000 / elapsedS),
      // Reported by backends as they go idle: a lower bound over a run this short.
      databaseMsPerSecondAtLeast: round(dbMs / elapsedS),
    },
  };
}

export async function benchScale(postgresUrl: string) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const daySeconds = Number(process.env.BENCH_SCALE_SECONDS ?? 48);
  const meanRate = Number(process.env.BENCH_SCALE_RATE ?? 40);
  const database = await freshPostgresDatabase(postgresUrl, DATABASE);
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const report: Record<string, unknown> = { catalogue: CATALOGUE, database: "PostgreSQL" };
  try {
    // The demo shop (its accounts and orders), then the catalogue at 10,000 products.
    const first = await shopOn(database.url, {});
    await first.stop();
    const handle = await openDatabase({ driver: "postgres", url: database.url });
    try {
      await seedScaleCatalog(handle.db, CATALOGUE - seedProducts.length);
    } finally {
      await handle.close();
    }
    report.costs = await measureCosts(database.url, client, seconds);

    const uncached = await shopOn(database.url, { PAGE_CACHE_TTL_SECONDS: "0" });
    try {
      report.productPageUncached = (
        await measureRoutes(uncached.url, ["/product/prod1"], 10, seconds)
      )["/product/prod1"];
    } finally {
      await uncached.stop();
    }
    const port = await freePort();
    const cachePort = await freePort();
    const shop = await shopOn(database.url, {
      PORT: String(port),
      BASE_URL: `http://localhost:${cachePort}`,
      TRUST_PROXY: "1",
      CACHE_PURGE: "http",
      CACHE_PURGE_URLS: `http://127.0.0.1:${cachePort}/`,
    });
    const varnish = await startVarnish([port], { port: cachePort, memory: "512m" });
    try {
      for (let tries = 0; tries < 50; tries++) {
        if ((await fetch(`${varnish.url}/healthz`)).ok) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      report.productPageThroughVarnish = (
        await measureRoutes(varnish.url, ["/product/prod1"], 10, seconds)
      )["/product/prod1"];
      report.day = await replayDay(varnish.url, shop, client, daySeconds, meanRate);
    } finally {
      await varnish.stop();
      await shop.stop();
    }
  } finally {
    await client.end();
    await database.drop();
  }
  return report;
}
