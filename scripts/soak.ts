import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { systemActor } from "@server/audit/audit-log";
import { openDatabase } from "@server/db/client";
import { seedCatalogIfEmpty } from "@server/seed/seed-catalog";
import { adjustStock } from "@server/stock/stock-service";
import { CUSTOMER_PASSWORD, logIn, signUpCustomers } from "./bench-checkout";
import { type BuiltServer, startBuiltServer } from "./built-server";
import {
  type Memory,
  mb,
  memoryVerdict,
  type Outcome,
  printReport,
  summarise,
} from "./soak-figures";

// `npm run soak [-- --seconds 300 --users 8]`: mixed traffic against the production build for a
// while (default 5 minutes): browsing, search, the cart's API, signed-in pages, signing in, and
// checkouts paid with the test card. Every few seconds it prints throughput, p99, errors and the
// server's memory (read from its own /metrics), and at the end judges: no error, the server shut
// down cleanly with nothing logged at error level, and (for runs of a minute or more) memory flat
// after the warm-up. Exits 1 otherwise. The report is also written to reports/soak.json.

const METRICS_TOKEN = "soak-metrics-token-local-only";
const SOAK_VARIANT = "prod2-75ml";
const PRODUCTS = ["prod1", "prod2", "prod3", "prod4"];
const QUERIES = ["white", "strips", "pen", "toothpaste", "bundle", "sensitive", "gleam", "xyz"];
const VARIANT_IDS = "prod1-single,prod2-75ml,prod2-3x75ml,prod3-single,prod4-default";

type Shopper = { cookie: string; email: string; index: number };

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: process.env.SOAK_SECONDS ?? "300" },
    users: { type: "string", default: "8" },
  },
});
const seconds = Number(values.seconds);
const users = Number(values.users);
if (!(seconds >= 5) || !(users >= 1 && users <= 100)) {
  throw new Error("Usage: npm run soak -- [--seconds 5 or more] [--users 1-100]");
}

/** A fresh data folder with the demo catalogue and plenty of the checkout's variant. */
async function prepareDataDir(dir: string) {
  const handle = await openDatabase({ driver: "pglite", dataDir: dir });
  try {
    await handle.migrate();
    await seedCatalogIfEmpty(handle.db);
    await handle.db.transaction((tx) =>
      adjustStock(tx, {
        variantId: SOAK_VARIANT,
        counted: 1_000_000,
        actor: systemActor("soak"),
        reason: "soak test stock",
      }),
    );
  } finally {
    await handle.close();
  }
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function metric(text: string, name: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

/** What one shopper does next, chosen by weight: mostly browsing, some buying. */
function actions(base: string, origin: string) {
  const get = async (path: string, shopper?: Shopper) => {
    const response = await fetch(`${base}${path}`, {
      headers: shopper ? { Cookie: shopper.cookie } : {},
      redirect: "manual",
    });
    await response.arrayBuffer();
    return { ok: response.status === 200, detail: `${path} ${response.status}` };
  };
  const json = (shopper: Shopper) => ({
    "Content-Type": "application/json",
    Origin: origin,
    Cookie: shopper.cookie,
  });
  const list: [string, number, (shopper: Shopper) => Promise<{ ok: boolean; detail: string }>][] = [
    ["home", 14, () => get("/")],
    ["store", 10, () => get("/store")],
    ["product", 18, () => get(`/product/${pick(PRODUCTS)}`)],
    ["search", 10, () => get(`/search?q=${pick(QUERIES)}`)],
    ["api products", 8, () => get(`/api/products?q=${pick(QUERIES)}`)],
    ["cart api", 12, () => get(`/api/variants?ids=${VARIANT_IDS}`)],
    ["signed-in page", 14, (shopper) => get(`/product/${pick(PRODUCTS)}`, shopper)],
    ["dashboard", 4, (shopper) => get("/dashboard/orders", shopper)],
    [
      "sign-in",
      2,
      async (shopper) => {
        const cookie = await logIn(base, origin, shopper.email, CUSTOMER_PASSWORD);
        return { ok: cookie.length > 0, detail: "sign-in" };
      },
    ],
    [
      "checkout and pay",
      8,
      async (shopper) => {
        const created = await fetch(`${base}/api/checkout/payment-intent`, {
          method: "POST",
          headers: json(shopper),
          body: JSON.stringify({
            items: [{ variantId: SOAK_VARIANT, quantity: 1 }],
            customerDetails: {
              fullName: "Soak Shopper",
              email: shopper.email,
              phone: "07700 900123",
              shippingAddress: `${shopper.index} Soak Street, London N1 1AA`,
              notes: `soak ${Math.random()}`,
            },
          }),
        });
        if (created.status !== 200) {
          return { ok: false, detail: `payment-intent ${created.status} ${await created.text()}` };
        }
        const { clientSecret } = (await created.json()) as { clientSecret: string };
        const paid = await fetch(`${base}/api/payments/test/confirm`, {
          method: "POST",
          headers: json(shopper),
          body: JSON.stringify({
            clientSecret,
            card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
          }),
        });
        const body = await paid.text();
        return { ok: paid.status === 200, detail: `confirm ${paid.status} ${body.slice(0, 200)}` };
      },
    ],
  ];
  const total = list.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const entry of list) {
      roll -= entry[1];
      if (roll < 0) return entry;
    }
    return list[0] as (typeof list)[number];
  };
}

type Clock = { started: number; elapsed: () => number };

/** Every second, the server's heap and resident memory from its metrics, into `memory`. */
function sampleMemory(base: string, memory: Memory[], clock: Clock) {
  const { elapsed } = clock;
  return setInterval(async () => {
    try {
      const text = await (
        await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      memory.push({
        at: elapsed(),
        heap: metric(text, "nodejs_heap_size_used_bytes"),
        rss: metric(text, "process_resident_memory_bytes"),
      });
    } catch {
      // the report counts the shoppers' errors; a missed sample is only a gap
    }
  }, 1000);
}

/** Every window, a line: throughput, p99, errors, the heap's low point and the last rss. */
function reportWindows(outcomes: Outcome[], memory: Memory[], windowSeconds: number) {
  let reported = 0;
  return setInterval(() => {
    const from = reported * windowSeconds;
    const to = from + windowSeconds;
    reported++;
    const inWindow = outcomes.filter((outcome) => outcome.at >= from && outcome.at < to);
    const figures = summarise(inWindow, windowSeconds);
    const last = memory.at(-1);
    const heapLow = Math.min(
      ...memory.filter((sample) => sample.at >= from && sample.at < to).map((s) => s.heap),
    );
    console.log(
      `  ${String(to).padStart(4)} s ${String(figures.perSecond).padStart(7)} ${String(figures.p99).padStart(9)} ${String(figures.errors).padStart(8)} ${String(Number.isFinite(heapLow) ? mb(heapLow) : "-").padStart(9)} ${String(last ? mb(last.rss) : "-").padStart(8)}`,
    );
  }, windowSeconds * 1000);
}

/** Each shopper acting in turn until the deadline, every outcome into `outcomes`. */
async function drive(
  shoppers: readonly Shopper[],
  next: ReturnType<typeof actions>,
  deadline: number,
  clock: Clock,
  outcomes: Outcome[],
) {
  const { started } = clock;
  await Promise.all(
    shoppers.map(async (shopper) => {
      while (performance.now() < deadline) {
        const [action, , run] = next();
        const begin = performance.now();
        let result: { ok: boolean; detail: string };
        try {
          result = await run(shopper);
        } catch (error) {
          result = { ok: false, detail: String(error) };
        }
        outcomes.push({
          action,
          at: (begin - started) / 1000,
          ms: performance.now() - begin,
          ...result,
        });
      }
    }),
  );
}

/** The first lines the server logged at error level or worse (pino's 50 and 60). */
function errorLinesOf(log: string): string[] {
  return log
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line))
    .slice(0, 5);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "gleam-soak-"));
  let server: BuiltServer | undefined;
  let failed = false;
  try {
    await prepareDataDir(join(dir, "data"));
    server = await startBuiltServer({
      DATA_DIR: join(dir, "data"),
      DEMO_ORDERS: "0",
      LOG_LEVEL: "warn",
      METRICS_TOKEN,
      AUTH_ATTEMPTS_PER_MINUTE: "10000",
      CHECKOUT_ATTEMPTS_PER_MINUTE: "10000",
    });
    const base = server.url;
    const origin = `http://localhost:${server.port}`;
    const shoppers: Shopper[] = (await signUpCustomers(base, origin, users)).map(
      (session, index) => ({ ...session, index }),
    );
    const next = actions(base, origin);
    // The server's log is judged from here on (its start answers /healthz 503 while it gets ready).
    const logFrom = server.output().length;
    const outcomes: Outcome[] = [];
    const memory: Memory[] = [];
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const elapsed = () => (performance.now() - started) / 1000;
    const windowSeconds = Math.max(5, Math.round(seconds / 10));
    console.log(
      `soak: ${seconds} s, ${users} shoppers, mixed traffic on ${base} (PGlite); a line every ${windowSeconds} s`,
    );
    console.log("  time   req/s    p99 ms   errors   heap MB   rss MB");

    const clock: Clock = { started, elapsed };
    const sampler = sampleMemory(base, memory, clock);
    const reporter = reportWindows(outcomes, memory, windowSeconds);

    await drive(shoppers, next, deadline, clock, outcomes);
    clearInterval(sampler);
    clearInterval(reporter);
    const spanSeconds = elapsed();

    const byAction = Object.fromEntries(
      [...new Set(outcomes.map((outcome) => outcome.action))].map((action) => [
        action,
        summarise(
          outcomes.filter((outcome) => outcome.action === action),
          spanSeconds,
        ),
      ]),
    );
    const overall = summarise(outcomes, spanSeconds);
    const errors = outcomes.filter((outcome) => !outcome.ok).slice(0, 10);

    const { heapAfterWarmUp, heapAtEnd, judged, memoryFlat } = memoryVerdict(
      memory,
      spanSeconds,
      seconds,
    );

    const exitCode = await server.stop();
    const output = server.output();
    server = undefined;
    const errorLines = errorLinesOf(output.slice(logFrom));

    const report = {
      seconds: Math.round(spanSeconds),
      shoppers: users,
      overall,
      byAction,
      memory: {
        heapAfterWarmUpMb: mb(heapAfterWarmUp),
        heapAtEndMb: mb(heapAtEnd),
        rssMaxMb: mb(Math.max(...memory.map((sample) => sample.rss))),
        judged,
        flat: memoryFlat,
        samples: memory.map((sample) => ({
          at: Math.round(sample.at),
          heapMb: mb(sample.heap),
          rssMb: mb(sample.rss),
        })),
      },
      serverExit: exitCode,
      serverErrorLines: errorLines,
      firstErrors: errors,
    };
    mkdirSync("reports", { recursive: true });
    writeFileSync(join("reports", "soak.json"), `${JSON.stringify(report, null, 2)}\n`);

    printReport({
      byAction,
      overall,
      spanSeconds,
      heapAfterWarmUp,
      heapAtEnd,
      judged,
      memoryFlat,
      exitCode,
      errorLines,
      rssMaxMb: report.memory.rssMaxMb,
    });

    if (overall.errors > 0) {
      failed = true;
      console.error("errors:", JSON.stringify(errors, null, 2));
    }
    if (judged && !memoryFlat) failed = true;
    if (exitCode !== 0 || errorLines.length > 0) {
      failed = true;
      console.error(errorLines.join("\n"));
    }
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(failed ? "soak: FAILED" : "soak: passed");
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
