import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { logIn } from "./bench-checkout";
import { type BuiltServer, startBuiltServer, waitForHealth } from "./built-server";

// The admin's screens under load: the overview, analytics and the orders list with
// 10,000 past orders (DEMO_ORDERS) on PGlite, signed in as the demo admin (every answer rendered:
// a signed-in page is never cached), then the CSV export of 100,000 orders with the server's
// resident memory sampled while it streams.

const ADMIN_ROUTES = [
  "/dashboard",
  "/dashboard/analytics",
  "/dashboard/analytics?range=90",
  "/dashboard/admin-orders",
  "/dashboard/admin-orders?status=delivered&sort=total&page=40",
  "/dashboard/admin-orders?q=shopper0042",
];

async function adminCookie(server: BuiltServer): Promise<string> {
  return logIn(
    server.url,
    `http://localhost:${server.port}`,
    "admin@example.com",
    "admin-password-1",
  );
}

function run(url: string, cookie: string, connections: number, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers: { Cookie: cookie } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The server's resident memory (Linux), in MB. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function start(orders: number): Promise<BuiltServer> {
  const server = await startBuiltServer(
    { LOG_LEVEL: "warn", DEMO_ORDERS: String(orders), AUTH_ATTEMPTS_PER_MINUTE: "10000" },
    { captureOutput: false, waitForHealth: false },
  );
  // Loading the demo history comes before the server answers.
  await waitForHealth(server, 15 * 60_000);
  return server;
}

/** Streams the whole export once, sampling the server's resident memory meanwhile. */
async function exportOnce(server: BuiltServer, cookie: string, pid: number) {
  // Settle first, then sample while the export streams.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 50);
  const started = performance.now();
  const response = await fetch(`${server.url}/dashboard/admin-orders/export`, {
    headers: { Cookie: cookie },
  });
  const text = await response.text();
  clearInterval(sampler);
  return {
    status: response.status,
    // A row starts with its order id (addresses inside a row span lines).
    rows: text.split("\n").filter((line) => /^(demo-h-|[0-9a-f]{8}-)/.test(line)).length,
    megabytes: Math.round(text.length / 1024 / 1024),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    serverResidentMbBefore: before,
    serverResidentMbPeak: peak,
    serverMemoryGrowthMb: peak - before,
  };
}

export async function benchAdmin(connections: number, seconds: number) {
  const report: Record<string, unknown> = { orders: 10_000 };
  const server = await start(10_000);
  try {
    const cookie = await adminCookie(server);
    for (const route of ADMIN_ROUTES) {
      await run(`${server.url}${route}`, cookie, connections, 2);
      const result = await run(`${server.url}${route}`, cookie, connections, seconds);
      report[route] = {
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        latencyMaxMs: result.latency.max,
        non2xx: result.non2xx,
        errors: result.errors,
      };
    }
  } finally {
    await server.stop();
  }

  const csvOrders = Number(process.env.BENCH_CSV_ORDERS ?? 100_000);
  const big = await start(csvOrders);
  try {
    const cookie = await adminCookie(big);
    const pid = big.child.pid ?? 0;
    // Twice: the first export also grows PGlite's heap (the database lives in this process) once.
    report.csvExport = { orders: csvOrders, first: await exportOnce(big, cookie, pid) };
    (report.csvExport as Record<string, unknown>).second = await exportOnce(big, cookie, pid);
  } finally {
    await big.stop();
  }
  return report;
}
