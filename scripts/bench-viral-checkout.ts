import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { systemActor } from "@server/audit/audit-log";
import { createAuth } from "@server/auth/auth";
import { openDatabase } from "@server/db/client";
import { emailBrand } from "@server/settings/shop-settings";
import { adjustStock, findStockDiscrepancies } from "@server/stock/stock-service";
import pg from "pg";
import { CUSTOMER_PASSWORD, logIn } from "./bench-checkout";
import { benchEachBuild, freshPostgresDatabase } from "./bench-database";
import { shopOn } from "./bench-scale";
import type { BuiltServer } from "./built-server";

// A viral hour's checkout (docs/performance.md, "A viral hour's checkout"): BENCH_VIRAL_BUYERS
// (200) signed-in buyers, half on each of two instances of the shop sharing one PostgreSQL, all
// start checkout (POST /api/checkout/payment-intent) and pay with the test card (POST
// /api/payments/test/confirm) at once, for one variant holding BENCH_VIRAL_STOCK (150) units:
// fewer than the buyers, so it sells out during the run. Reports orders per second, the whole
// purchase's p50/p99 and each step's, the refusals, and the books: units sold never more than
// the stock (oversold 0), the stock still the sum of its movements. The CPU the two instances and
// PostgreSQL spent per order gives the floor this machine allows: buyers × CPU per order ÷ cores.
// Then, the instances warm, purchases one at a time give what a purchase costs by itself.
//
//   BENCH_POSTGRES_URL=postgres://… npx tsx scripts/bench-viral-checkout.ts [build folder…]

const DATABASE = "gleam_bench_viral";
const VARIANT = "prod2-75ml";
const CLOCK_TICKS = 100;

type Step = { ms: number; status: number };
type Purchase = { start?: Step; pay?: Step; soldOut: boolean };

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] ?? 0);
}

function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
}

/** CPU time (ms) of every process `matches` (by command name and pid). */
function cpuMs(matches: (command: string, pid: number) => boolean): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const command = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      if (matches(command, Number(entry))) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The process and its children (a server's workers). */
function treeOf(roots: readonly number[]): (command: string, pid: number) => boolean {
  return (_command, pid) => {
    let at = pid;
    for (let depth = 0; depth < 5 && at > 1; depth++) {
      if (roots.includes(at)) return true;
      try {
        const text = readFileSync(`/proc/${at}/stat`, "utf8");
        at = Number(text.slice(text.lastIndexOf(")") + 2).split(" ")[1]);
      } catch {
        return false;
      }
    }
    return false;
  };
}

/** The buyers' accounts, made as server/auth/accounts.ts makes one: verified, with a password. */
async function makeBuyers(url: string, count: number): Promise<string[]> {
  const handle = await openDatabase({ driver: "postgres", url });
  try {
    const auth = createAuth({
      db: handle.db,
      baseUrl: "http://localhost",
      trustedOrigins: [],
      secret: "bench-only-secret-bench-only-secret",
      appName: "shop",
      brand: () => emailBrand(handle.db),
      sendEmail: async () => {},
      attemptsPerMinute: 10_000,
    });
    const context = await auth.$context;
    // One password for all, hashed once: better-auth's own hash, as a sign-up stores it.
    const password = await context.password.hash(CUSTOMER_PASSWORD);
    const run = Date.now();
    const emails = Array.from({ length: count }, (_, index) => `viral-${run}-${index}@example.com`);
    for (const email of emails) {
      const user = await context.internalAdapter.createUser(
        { email, name: "Viral Buyer", emailVerified: true, role: "customer" },
        { method: "admin" },
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password,
      });
    }
    return emails;
  } finally {
    await handle.close();
  }
}

async function setStock(url: string, units: number): Promise<void> {
  const handle = await openDatabase({ driver: "postgres", url });
  try {
    await handle.db.transaction((tx) =>
      adjustStock(tx, {
        variantId: VARIANT,
        counted: units,
        actor: systemActor("bench"),
        reason: "viral-hour bench",
      }),
    );
  } finally {
    await handle.close();
  }
}

async function timed(request: () => Promise<Response>, begin: number) {
  const response = await request();
  const text = await response.text();
  return { step: { ms: performance.now() - begin, status: response.status }, text };
}

async function buy(server: BuiltServer, cookie: string, index: number): Promise<Purchase> {
  const origin = `http://localhost:${server.port}`;
  const headers = { "Content-Type": "application/json", Origin: origin, Cookie: cookie };
  const begin = performance.now();
  const started = await timed(
    () =>
      fetch(`${server.url}/api/checkout/payment-intent`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          items: [{ variantId: VARIANT, quantity: 1 }],
          customerDetails: {
            fullName: "Viral Buyer",
            email: `viral-${index}@example.com`,
            phone: "07700 900123",
            shippingAddress: `${index} Viral Street, London N1 1AA`,
          },
        }),
      }),
    begin,
  );
  if (started.step.status !== 200) {
    return { start: started.step, soldOut: started.text.includes("Not enough stock") };
  }
  const { clientSecret } = JSON.parse(started.text) as { clientSecret: string };
  const paid = await timed(
    () =>
      fetch(`${server.url}/api/payments/test/confirm`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          clientSecret,
          card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
        }),
      }),
    begin,
  );
  return { start: started.step, pay: paid.step, soldOut: false };
}

/** What the database says was sold: units in paid orders, units held, stock left, discrepancies. */
async function books(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string; units: number }>(
      `select o.status, coalesce(sum(i.quantity), 0)::int as units
         from orders o join order_items i on i.order_id = o.id
        where i.variant_id = $1 and o.customer_full_name = 'Viral Buyer'
        group by o.status`,
      [VARIANT],
    );
    const { rows: stock } = await client.query<{ stock_quantity: number }>(
      "select stock_quantity from product_variants where id = $1",
      [VARIANT],
    );
    const units = Object.fromEntries(rows.map((row) => [row.status, row.units]));
    return { units, stockLeft: stock[0]?.stock_quantity ?? Number.NaN };
  } finally {
    await client.end();
  }
}

/**
 * After the rush, with both instances warm: BENCH_VIRAL_ALONE (50) purchases made one after
 * another by buyers of the run, the stock put back for them. What a purchase costs by itself,
 * without 200 requests queued at once and without the first minutes' compiling: the figure to
 * set against the CPU per order of the run at once.
 */
async function oneAtATime(
  url: string,
  servers: readonly BuiltServer[],
  cookies: readonly string[],
  shopPids: readonly number[],
) {
  const count = Math.min(cookies.length, Number(process.env.BENCH_VIRAL_ALONE ?? 50));
  // The books above are read; the stock goes back up so that every one of these can pay.
  await setStock(url, count);
  const shopCpuBefore = cpuMs(treeOf(shopPids));
  const databaseCpuBefore = cpuMs((command) => command === "postgres");
  const ms: number[] = [];
  let paid = 0;
  for (let index = 0; index < count; index++) {
    const purchase = await buy(
      servers[index % servers.length] as BuiltServer,
      cookies[index] as string,
      index,
    );
    if (purchase.pay?.status === 200) paid++;
    ms.push(purchase.pay?.ms ?? purchase.start?.ms ?? 0);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const perOrder = (cpu: number) => Math.round((cpu / Math.max(1, paid)) * 10) / 10;
  return {
    purchases: count,
    paidOrders: paid,
    purchaseMs: spread(ms),
    cpuMsPerOrder: {
      shop: perOrder(cpuMs(treeOf(shopPids)) - shopCpuBefore),
      database: perOrder(cpuMs((command) => command === "postgres") - databaseCpuBefore),
    },
  };
}

export async function benchViralCheckout(postgresUrl: string, root = ".") {
  const buyers = Number(process.env.BENCH_VIRAL_BUYERS ?? 200);
  const stock = Number(process.env.BENCH_VIRAL_STOCK ?? 150);
  const database = await freshPostgresDatabase(postgresUrl, DATABASE);
  // The first instance migrates and seeds the demo shop; the second joins it.
  const first = await shopOn(database.url, {}, root);
  const second = await shopOn(database.url, {}, root);
  try {
    const emails = await makeBuyers(database.url, buyers);
    await setStock(database.url, stock);
    const servers = [first, second];
    // Signed in a few at a time, as buyers arrive before the drop: only the buying is at once.
    const cookies: string[] = [];
    for (let start = 0; start < emails.length; start += 8) {
      const batch = emails.slice(start, start + 8).map((email, offset) => {
        const server = servers[(start + offset) % 2] as BuiltServer;
        return logIn(server.url, `http://localhost:${server.port}`, email, CUSTOMER_PASSWORD);
      });
      cookies.push(...(await Promise.all(batch)));
    }
    const shopPids = servers.map((server) => server.child.pid ?? 0);
    const shopCpuBefore = cpuMs(treeOf(shopPids));
    const databaseCpuBefore = cpuMs((command) => command === "postgres");
    const began = performance.now();
    const purchases = await Promise.all(
      cookies.map((cookie, index) => buy(servers[index % 2] as BuiltServer, cookie, index)),
    );
    const seconds = (performance.now() - began) / 1000;
    // The confirmation emails are the purchase's work too: let the job queues send them.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const shopCpu = cpuMs(treeOf(shopPids)) - shopCpuBefore;
    const databaseCpu = cpuMs((command) => command === "postgres") - databaseCpuBefore;

    const paid = purchases.filter((purchase) => purchase.pay?.status === 200);
    const statuses: Record<string, number> = {};
    for (const purchase of purchases) {
      const key = purchase.soldOut
        ? "sold out"
        : `${purchase.start?.status}${purchase.pay ? `/${purchase.pay.status}` : ""}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    const sold = await books(database.url);
    const soldUnits = sold.units.paid ?? 0;
    const handle = await openDatabase({ driver: "postgres", url: database.url });
    const discrepancies = await findStockDiscrepancies(handle.db).finally(() => handle.close());
    const alone = await oneAtATime(database.url, servers, cookies, shopPids);
    return {
      buyers,
      instances: 2,
      stock,
      seconds: Math.round(seconds * 10) / 10,
      paidOrders: paid.length,
      ordersPerSecond: Math.round((paid.length / seconds) * 10) / 10,
      purchaseMs: spread(paid.map((purchase) => purchase.pay?.ms ?? 0)),
      startCheckoutMs: spread(purchases.map((purchase) => purchase.start?.ms ?? 0)),
      payMs: spread(paid.map((purchase) => (purchase.pay?.ms ?? 0) - (purchase.start?.ms ?? 0))),
      answers: statuses,
      books: {
        ...sold,
        oversoldUnits: Math.max(0, soldUnits - stock),
        stockAccountedFor:
          sold.stockLeft + soldUnits + (sold.units.pending ?? 0) === stock &&
          discrepancies.length === 0,
      },
      cpuMsPerOrder: {
        shop: Math.round((shopCpu / Math.max(1, paid.length)) * 10) / 10,
        database: Math.round((databaseCpu / Math.max(1, paid.length)) * 10) / 10,
      },
      // All the run's CPU spread over the machine's cores with nothing idle: no run can end
      // sooner, however the work is ordered (the buyers' own client, on the same cores, aside).
      floorSeconds: Math.round(((shopCpu + databaseCpu) / 1000 / availableParallelism()) * 10) / 10,
      alone,
    };
  } finally {
    await second.stop();
    await first.stop();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchEachBuild("two instances share", benchViralCheckout).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
