import { openDatabase } from "@server/db/client";
import { seedProducts } from "@server/seed/catalog-data";
import { seedScaleCatalog } from "@server/seed/scale-catalog";
import pg from "pg";
import { logIn } from "./bench-checkout";
import { freshPostgresDatabase } from "./bench-database";
import { replayDay } from "./bench-day";
import { measureRoutes } from "./bench-routes";
import {
  CATALOGUE,
  CUSTOMER,
  DATABASE,
  databaseActiveMs,
  popularProduct,
  round,
  SEARCHES,
  treeCpuMs,
} from "./bench-scale-load";
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
// Bounded by its settings' seconds, whatever the shop's speed. It reports; it does not gate.

type Kind = {
  name: string;
  request: () => { path: string; init?: RequestInit };
  /** Requests at once (default 4); one customer's checkouts go one at a time, as theirs would. */
  connections?: number;
};

function checkoutBody(variantId: string) {
  return JSON.stringify({
    items: [{ variantId, quantity: 1 }],
    customerDetails: {
      fullName: "Demo Customer",
      email: CUSTOMER[0],
      phone: "07700 900123",
      shippingAddress: "1 Scale Street, London N1 1AA",
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

/** A demo shop of the build in `root` on the database at `url`, one worker, its limits lifted. */
export async function shopOn(
  url: string,
  env: Record<string, string>,
  root?: string,
): Promise<BuiltServer> {
  return startBuiltServer(
    {
      DATABASE_URL: url,
      SHOP_MODE: "demo",
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "info",
      AUTH_ATTEMPTS_PER_MINUTE: "10000",
      CHECKOUT_ATTEMPTS_PER_MINUTE: "10000",
      ...env,
    },
    { root, captureOutput: false },
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
      connections: 1,
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
      const done = await closedLoop(server.url, kind, kind.connections ?? 4, seconds);
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
