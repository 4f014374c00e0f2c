import autocannon from "autocannon";
import { benchAdmin } from "./bench-admin";
import { benchCatalogue } from "./bench-catalogue";
import { benchCheckout } from "./bench-checkout";
import { benchDocuments } from "./bench-documents";
import { benchScale } from "./bench-scale";
import { benchSpeed } from "./bench-speed";
import { benchViralCheckout } from "./bench-viral-checkout";
import { benchWorkers } from "./bench-workers";
import { type BuiltServer, startBuiltServer } from "./built-server";
import { measureSuggestionLatency } from "./suggestion-latency";

// `npm run bench`: throughput and latency of the main pages, the search page, the catalogue API
// and the search box's suggestions (the API with q and a small limit) on the production build, on
// a fresh in-memory PGlite database, with autocannon (10 connections, 10 s per route after a 2 s
// warm-up).
// It reports; it does not gate. Run twice: with the page cache as shipped (decision record 001),
// and with it off, so the cost of a full render with its database queries is visible too. Each run
// ends with the search box's time from typing to suggestions, in Chromium. Then the checkout:
// BENCH_CHECKOUT_USERS customers (default 20) buying and paying at once (scripts/bench-checkout.ts).
// Last the admin's screens with 10,000 orders and the CSV export of BENCH_CSV_ORDERS (100,000)
// orders (scripts/bench-admin.ts; BENCH_ADMIN=0 leaves them out). With BENCH_POSTGRES_URL, also
// one worker process against two on PostgreSQL (scripts/bench-workers.ts), a viral hour's checkout
// (200 buyers at once on two instances, scripts/bench-viral-checkout.ts) and a year of VAT
// documents downloaded while /healthz is asked (scripts/bench-documents.ts). Then the catalogue at
// scale: the listing API, search and a deep store page uncached with 100 and 10,000 products, on
// BENCH_POSTGRES_URL's server when set (scripts/bench-catalogue.ts; BENCH_CATALOGUE=0 leaves it
// out). Last the speed figures (docs/performance.md) on one worker (scripts/bench-speed.ts; BENCH_SPEED=0
// leaves them out): the product page from the cache anonymous and signed in, a bare node:http
// server sending the same bytes, and the CPU of one uncached render. With `--scale`, only the
// capacity figures of docs/scale.md instead (scripts/bench-scale.ts).

const routes = [
  "/",
  "/store",
  "/product/prod1",
  "/search?q=white",
  "/api/products",
  "/api/products?q=whit&limit=6",
];
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const duration = Number(process.env.BENCH_SECONDS ?? 10);

type RouteResult = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
};

function run(url: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function measure(server: BuiltServer): Promise<Record<string, RouteResult>> {
  const results: Record<string, RouteResult> = {};
  for (const route of routes) {
    await run(`${server.url}${route}`, 2);
    const result = await run(`${server.url}${route}`, duration);
    results[route] = {
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      latencyMaxMs: result.latency.max,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  }
  return results;
}

async function main() {
  if (process.argv.includes("--scale")) {
    const postgres = process.env.BENCH_POSTGRES_URL;
    if (!postgres) throw new Error("--scale measures one PostgreSQL: set BENCH_POSTGRES_URL");
    console.log(JSON.stringify(await benchScale(postgres), null, 2));
    return;
  }
  const report: Record<string, unknown> = {
    connections,
    durationSeconds: duration,
    database: "PGlite (in memory, seeded demo catalogue)",
    node: process.version,
  };
  for (const [name, env] of [
    ["pageCache", {}],
    ["noPageCache", { PAGE_CACHE_TTL_SECONDS: "0" }],
  ] as const) {
    // Request logs stay on (info), as in production; they go nowhere.
    const server = await startBuiltServer({ LOG_LEVEL: "info", ...env }, { captureOutput: false });
    try {
      report[name] = {
        ...(await measure(server)),
        searchBoxSuggestionsMs: await measureSuggestionLatency(server.url),
      };
    } finally {
      await server.stop();
    }
  }
  const checkoutServer = await startBuiltServer(
    { LOG_LEVEL: "info", AUTH_ATTEMPTS_PER_MINUTE: "10000", CHECKOUT_ATTEMPTS_PER_MINUTE: "10000" },
    { captureOutput: false },
  );
  try {
    report.checkout = await benchCheckout(
      checkoutServer,
      Number(process.env.BENCH_CHECKOUT_USERS ?? 20),
      duration,
    );
  } finally {
    await checkoutServer.stop();
  }
  const postgres = process.env.BENCH_POSTGRES_URL;
  if (postgres) report.workers = await benchWorkers(postgres, connections, duration);
  if (postgres) report.viralCheckout = await benchViralCheckout(postgres);
  if (postgres && process.env.BENCH_DOCUMENTS !== "0") {
    report.documents = await benchDocuments(postgres);
  }
  if (process.env.BENCH_CATALOGUE !== "0") {
    report.catalogue = await benchCatalogue(connections, duration, postgres);
  }
  if (process.env.BENCH_ADMIN !== "0") report.admin = await benchAdmin(connections, duration);
  if (process.env.BENCH_SPEED !== "0") {
    report.speed = await benchSpeed(connections, duration, postgres);
  }
  console.log(JSON.stringify(report, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
