import pg from "pg";
import { logIn } from "./bench-checkout";
import { benchEachBuild, freshPostgresDatabase } from "./bench-database";
import { startBuiltServer, waitForHealth } from "./built-server";

// A year of VAT documents downloaded as one PDF while the same worker answers `/healthz`: how long
// the download takes and how long a health check waits meanwhile (docs/performance.md). One
// worker on PostgreSQL, the demo shop with 3,000 past orders over a year, each paid one given its
// invoice and each refunded one its credit note here (the demo's past is imported without them).
// The download runs twice: the first after start, the second warm.
//
//   BENCH_POSTGRES_URL=postgres://… npx tsx scripts/bench-documents.ts [build folder…]
//
// With several build folders (as scripts/compare-builds.ts makes them), each is measured in
// turn, so the machine's drift falls on each alike.

const ORDERS = 3_000;
const DATABASE = "gleam_bench_documents";

/** Every paid order's invoice and every refunded one's credit note, numbered by their dates. */
async function issueThePastsDocuments(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const seller = JSON.stringify({
      legalName: "Gleam Smile Ltd",
      address: "Unit 4, 12 Example Road, London, EC1A 1BB",
      vatNumber: "GB999999973",
      companyNumber: "01234567",
      shopName: "Gleam",
      supportEmail: "hello@gleam-smile.co.uk",
    });
    let issued = 0;
    for (const [kind, at, gross] of [
      ["invoice", "paid_at", "total_pence"],
      ["credit_note", "refunded_at", "refunded_pence"],
    ] as const) {
      const result = await client.query(
        `insert into invoices (id, kind, number, order_id, issued_at, seller, buyer, gross_pence, vat_pence)
         select gen_random_uuid()::text, $1, row_number() over (order by ${at}, id), id, ${at},
                $2::jsonb, jsonb_build_object('name', customer_full_name, 'address', shipping_address),
                ${gross}, round(${gross} / 6.0)::int
         from orders where ${at} is not null and ${gross} > 0`,
        [kind, seller],
      );
      await client.query(
        "update document_counters set last_number = (select count(*) from invoices where kind = $1) where kind = $1",
        [kind],
      );
      issued += result.rowCount ?? 0;
    }
    return issued;
  } finally {
    await client.end();
  }
}

type Download = {
  status: number;
  megabytes: number;
  seconds: number;
  healthChecks: number;
  healthP50Ms: number;
  healthP99Ms: number;
  healthMaxMs: number;
};

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

/** Downloads the year's documents, asking `/healthz` one after another until it is done. */
async function downloadWhileChecking(base: string, cookie: string): Promise<Download> {
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const started = performance.now();
  let finished = false;
  const download = fetch(
    `${base}/dashboard/admin-orders/invoices?from=${day(yearAgo)}&to=${day(today)}`,
    { headers: { Cookie: cookie } },
  ).then(async (response) => {
    const bytes = await response.arrayBuffer();
    finished = true;
    return { status: response.status, bytes: bytes.byteLength };
  });
  const waits: number[] = [];
  while (!finished) {
    const asked = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    waits.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const { status, bytes } = await download;
  const sorted = waits.sort((a, b) => a - b);
  return {
    status,
    megabytes: Math.round(bytes / 1024 / 102.4) / 10,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    healthChecks: sorted.length,
    healthP50Ms: percentile(sorted, 0.5),
    healthP99Ms: percentile(sorted, 0.99),
    healthMaxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

export async function benchDocuments(postgresUrl: string, root?: string) {
  const database = await freshPostgresDatabase(postgresUrl, DATABASE);
  try {
    const server = await startBuiltServer(
      {
        DATABASE_URL: database.url,
        SHOP_MODE: "demo",
        DEMO_ORDERS: String(ORDERS),
        WEB_CONCURRENCY: "1",
        AUTH_ATTEMPTS_PER_MINUTE: "10000",
        LOG_LEVEL: "warn",
      },
      { captureOutput: false, waitForHealth: false, ...(root ? { root } : {}) },
    );
    try {
      await waitForHealth(server, 10 * 60_000);
      const documents = await issueThePastsDocuments(database.url);
      const cookie = await logIn(
        server.url,
        `http://localhost:${server.port}`,
        "admin@example.com",
        "admin-password-1",
      );
      return {
        documents,
        first: await downloadWhileChecking(server.url, cookie),
        second: await downloadWhileChecking(server.url, cookie),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchEachBuild("the year is measured on", benchDocuments);
}
