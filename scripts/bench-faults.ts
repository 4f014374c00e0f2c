import pg from "pg";
import { signUpCustomers } from "./bench-checkout";
import { benchEachBuild, freshPostgresDatabase } from "./bench-database";
import { startBuiltServer } from "./built-server";

type Session = Awaited<ReturnType<typeof signUpCustomers>>[number];

// What shoppers get while PostgreSQL fails the shop (docs/performance.md, "Database faults"): the
// answers to 270 requests at once, by status, for each build given, in turn.
// 1. The connection slots taken: the shop's connections ended, then every slot PostgreSQL has
//    held by this script but none, or three, so each new connection the shop's pool opens past
//    those is refused ("too many clients").
//    The load is 270 searches, or 270 checkouts by 30 customers.
// 2. Connections killed under checkouts: 30 customers start 9 checkouts each, all at once, while
//    the shop's connections are ended every 100 ms.
// A database fault is the shop's trouble for a moment: 503 with Retry-After, never a 500.
//
//   BENCH_POSTGRES_URL=postgres://… npx tsx scripts/bench-faults.ts [build folder…]

const DATABASE = "gleam_bench_faults";
const REQUESTS = 270;
const CUSTOMERS = 30;

type Tally = Record<string, number>;

function tally(statuses: readonly (number | string)[]): Tally {
  const counts: Tally = {};
  for (const status of statuses) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
}

async function answer(request: Promise<Response>): Promise<string> {
  try {
    const response = await request;
    await response.arrayBuffer();
    const retry = response.headers.get("retry-after");
    return response.status === 503 && !retry ? "503 without Retry-After" : String(response.status);
  } catch (error) {
    return `no answer (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Ends every connection of `database` but `keep`'s. */
async function endConnections(admin: pg.Client, database: string): Promise<number> {
  const { rowCount } = await admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [database],
  );
  return rowCount ?? 0;
}

/** Opens connections until PostgreSQL refuses one: every slot it has, held. */
async function takeEverySlot(serverUrl: string): Promise<pg.Client[]> {
  const held: pg.Client[] = [];
  for (;;) {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
      held.push(client);
    } catch {
      return held;
    }
  }
}

/** The slots taken but `free`, which the shop's pool may take as it grows under the load. */
async function slotsTaken(
  serverUrl: string,
  database: string,
  free: number,
  request: (index: number) => Promise<Response>,
) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await endConnections(admin, database);
  // The script's own connection is a slot too: it goes last, so the hold is complete.
  const held = await takeEverySlot(serverUrl);
  await admin.end();
  const more = await takeEverySlot(serverUrl);
  held.push(...more);
  await Promise.all(held.splice(0, free).map((client) => client.end()));
  try {
    const statuses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) => answer(request(index))),
    );
    return { slotsHeld: held.length, answers: tally(statuses) };
  } finally {
    await Promise.all(held.map((client) => client.end().catch(() => {})));
  }
}

/** The `index`th checkout of the load, by one of the customers in turn. */
function checkout(base: string, origin: string, sessions: readonly Session[], index: number) {
  const session = sessions[index % sessions.length];
  return fetch(`${base}/api/checkout/payment-intent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: session?.cookie ?? "" },
    body: JSON.stringify({
      items: [{ variantId: "prod2-75ml", quantity: 1 }],
      customerDetails: {
        fullName: "Bench Customer",
        email: session?.email ?? "",
        phone: "07700 900123",
        shippingAddress: `${index} Bench Street, London N1 1AA`,
        notes: `fault ${index}`,
      },
    }),
    signal: AbortSignal.timeout(60_000),
  });
}

/** Until `url` answers 200 again: the shop recovered by itself. */
async function recovered(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await answer(fetch(url))) === "200") return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not recover within a minute`);
}

async function killedUnderCheckouts(
  serverUrl: string,
  base: string,
  origin: string,
  sessions: readonly Session[],
  database: string,
) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let ended = 0;
  let killing = true;
  const killer = (async () => {
    while (killing) {
      ended += await endConnections(admin, database);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const statuses = await Promise.all(
    Array.from({ length: REQUESTS }, (_, index) => answer(checkout(base, origin, sessions, index))),
  );
  killing = false;
  await killer;
  await admin.end();
  return { connectionsEnded: ended, answers: tally(statuses) };
}

export async function benchFaults(serverUrl: string, root?: string) {
  const database = await freshPostgresDatabase(serverUrl, DATABASE);
  try {
    const server = await startBuiltServer(
      {
        DATABASE_URL: database.url,
        SHOP_MODE: "demo",
        WEB_CONCURRENCY: "1",
        PAGE_CACHE_TTL_SECONDS: "0",
        AUTH_ATTEMPTS_PER_MINUTE: "10000",
        CHECKOUT_ATTEMPTS_PER_MINUTE: "10000",
        LOG_LEVEL: "fatal",
      },
      { captureOutput: false, ...(root ? { root } : {}) },
    );
    try {
      const origin = `http://localhost:${server.port}`;
      const sessions = await signUpCustomers(server.url, origin, CUSTOMERS);
      const search = (index: number) => fetch(`${server.url}/api/products?q=whitening-${index}`);
      const buy = (index: number) => checkout(server.url, origin, sessions, index);
      const slots: Record<string, unknown> = {};
      for (const [name, free, request] of [
        ["searchesNoSlotLeft", 0, search],
        ["searchesThreeSlotsLeft", 3, search],
        ["checkoutsThreeSlotsLeft", 3, buy],
      ] as const) {
        slots[name] = await slotsTaken(serverUrl, DATABASE, free, request);
        await recovered(`${server.url}/api/products?q=recovered-${name}`);
      }
      const checkouts = await killedUnderCheckouts(
        serverUrl,
        server.url,
        origin,
        sessions,
        DATABASE,
      );
      await recovered(`${server.url}/api/products?q=recovered-again`);
      return { ...slots, killedUnderCheckouts: checkouts };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchEachBuild("the faults are made on", benchFaults);
}
