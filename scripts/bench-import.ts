import { logIn } from "./bench-checkout";
import { freshPostgresDatabase } from "./bench-database";
import { startBuiltServer, waitForHealth } from "./built-server";

// A 10,000-row product CSV imported through the admin
// (docs/performance.md#product-import-10000-rows-as-a-job): how long the "Import" answer takes
// for a file near the 10 MB limit, how long the job takes to import every row, and what the shop
// answered meanwhile (a page of the shop and the admin's products list, both asked then a
// second's pause, over and over: their statuses and slowest answer). On PGlite, and on
// PostgreSQL too when BENCH_POSTGRES_URL is set. Needs `npm run build` first.
//
//   [BENCH_POSTGRES_URL=postgres://…] npx tsx scripts/bench-import.ts

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const DATABASE = "gleam_bench_import";

/** One product per row, each with a description long enough to bring the file near 10 MB. */
function productFile(): Blob {
  const header =
    "Handle,Title,Body (HTML),Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Status";
  const about = "Gentle whitening for every day. ".repeat(28);
  const rows = Array.from(
    { length: ROWS },
    (_, at) =>
      `bench-${at},Bench product ${at},<p>${about}</p>,Paste,Size,75 ml,BENCH-${at},25,${(3 + (at % 20)).toFixed(2)},active`,
  );
  return new Blob([[header, ...rows].join("\r\n")], { type: "text/csv" });
}

/** A connection per request: no request races the server closing an idle kept-alive one. */
const once = { Connection: "close" };

type Watch = { asked: number; statuses: Record<string, number>; slowestMs: number };

/** A status, or the network error's code (a reset connection is a failure to report). */
async function ask(url: string, cookie: string): Promise<{ status: string; body: string }> {
  try {
    const response = await fetch(url, { headers: { Cookie: cookie, ...once } });
    return { status: String(response.status), body: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: cause?.code ?? "network error", body: "" };
  }
}

/**
 * Asks each of `paths`, then waits a second (a shopper browsing), until `done()`, counting each
 * status and the slowest wait.
 */
async function watchShop(base: string, cookie: string, paths: string[], done: () => boolean) {
  const watch: Watch = { asked: 0, statuses: {}, slowestMs: 0 };
  while (!done()) {
    for (const path of paths) {
      const asked = performance.now();
      const { status } = await ask(`${base}${path}`, cookie);
      watch.asked++;
      watch.statuses[status] = (watch.statuses[status] ?? 0) + 1;
      watch.slowestMs = Math.max(watch.slowestMs, Math.round(performance.now() - asked));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return watch;
}

const PROGRESS_ROUTE = "routes/dashboard.admin-products-import-progress";

/** The import's status as its page's refresh reads it: that route's loader alone. */
async function statusOf(base: string, cookie: string, path: string): Promise<string> {
  const { status, body } = await ask(`${base}${path}.data?_routes=${PROGRESS_ROUTE}`, cookie);
  if (status !== "200") return `the page answered ${status}`;
  return /"(queued|running|finished|stopped|refused)"/.exec(body)?.[1] ?? "unread";
}

/** The progress page's status line and its "N of M rows", once it is over. */
async function progressOf(base: string, cookie: string, path: string) {
  const { body: html } = await ask(`${base}${path}`, cookie);
  return {
    status: /role="status">([^<]*)</.exec(html)?.[1] ?? "",
    rows: /([\d,]+ of [\d,]+ rows)/.exec(html)?.[1] ?? "",
  };
}

async function benchImport(env: Record<string, string>) {
  const server = await startBuiltServer(
    { SHOP_MODE: "demo", WEB_CONCURRENCY: "1", LOG_LEVEL: "warn", ...env },
    { waitForHealth: false },
  );
  try {
    await waitForHealth(server, 5 * 60_000);
    const origin = `http://localhost:${server.port}`;
    const cookie = await logIn(server.url, origin, "admin@example.com", "admin-password-1");
    const file = productFile();
    const form = new FormData();
    form.set("intent", "apply");
    form.set("file", file, "bench-10000.csv");
    const asked = performance.now();
    const answer = await fetch(`${server.url}/dashboard/admin-products/import`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: origin },
      redirect: "manual",
    });
    const answerMs = Math.round(performance.now() - asked);
    const page = answer.headers.get("location") ?? "";
    if (!page.startsWith("/dashboard/admin-products/import/")) {
      throw new Error(`the import answered ${answer.status}: ${await answer.text()}`);
    }
    let status = "queued";
    const over = () => !/^(queued|running|the page answered)/.test(status);
    const watching = watchShop(server.url, cookie, ["/store", "/dashboard/admin-products"], over);
    // As the page does: every two seconds.
    while (!over()) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      status = await statusOf(server.url, cookie, page);
    }
    const importSeconds = Math.round((performance.now() - asked) / 100) / 10;
    const meanwhile = await watching;
    if (Object.keys(meanwhile.statuses).some((status) => status !== "200")) {
      console.error(server.output().slice(-4000));
    }
    return {
      megabytes: Math.round(file.size / 1024 / 102.4) / 10,
      rows: ROWS,
      answerStatus: answer.status,
      answerMs,
      importSeconds,
      ended: await progressOf(server.url, cookie, page),
      meanwhile,
    };
  } catch (error) {
    console.error(server.output().slice(-4000));
    throw error;
  } finally {
    await server.stop();
  }
}

console.log(JSON.stringify({ database: "pglite", ...(await benchImport({})) }));
const postgresUrl = process.env.BENCH_POSTGRES_URL;
if (postgresUrl) {
  const database = await freshPostgresDatabase(postgresUrl, DATABASE);
  try {
    console.log(
      JSON.stringify({
        database: "postgres",
        ...(await benchImport({ DATABASE_URL: database.url })),
      }),
    );
  } finally {
    await database.drop();
  }
}
