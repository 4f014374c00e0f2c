import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { logIn, postForm } from "../../scripts/bench-checkout";
import { type BuiltServer, startBuiltServer } from "../../scripts/built-server";
import { startSmtpServer } from "../smtp-catcher";
import { expect, test } from "./fixtures";
import { NEEDS_POSTGRES, postgresUrl, seededDataDir, seededPostgresDatabase } from "./seeded-shop";

// kill -9 while customers check out and pay (faults): the server dies with no chance to
// finish anything, then starts again on the same data. Every order is whole (its items and its
// stock reserved) or absent; every order a customer was told was made or paid is there and so; the
// stock still equals the sum of its movements; every email is delivered, and at most the one
// being handed to the mail server at the kill arrives twice, under the same Message-ID. On PGlite
// always, on PostgreSQL when TEST_DATABASE_URL names one (else that run skips itself, saying so).

const SHOPPERS = 6;
const PASSWORD = "crash-test-password-7";
const VARIANTS = ["prod2-75ml", "prod1-single"];

type Query = (text: string) => Promise<Record<string, unknown>[]>;

function originOf(server: BuiltServer) {
  return `http://localhost:${server.port}`;
}

/** The message's text with quoted-printable soft breaks and escapes undone. */
function decoded(raw: string) {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function signUpAndLogIn(
  server: BuiltServer,
  smtp: ReturnType<typeof startSmtpServer>,
  email: string,
) {
  const origin = originOf(server);
  const signedUp = await postForm(server.url, origin, "/login", {
    intent: "sign-up",
    fullName: "Crash Shopper",
    email,
    password: PASSWORD,
  });
  expect(signedUp.status).toBeLessThan(400);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const message = smtp.received.find((item) => item.to.includes(email));
        link =
          message && /https?:\/\/[^\s"<>]*verify-email[^\s"<>]*/.exec(decoded(message.raw))?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const verified = await fetch((link ?? "").replace(/^https?:\/\/[^/]+/, server.url), {
    redirect: "manual",
  });
  expect(verified.status).toBe(302);
  return logIn(server.url, origin, email, PASSWORD);
}

/** Each shopper checks out and pays again and again until the server stops answering. */
async function shopUntilDead(server: BuiltServer, cookies: string[]) {
  const made = new Set<string>();
  const paid = new Set<string>();
  const origin = originOf(server);
  const headers = (cookie: string) => ({
    "Content-Type": "application/json",
    Origin: origin,
    Cookie: cookie,
  });
  const loops = cookies.map(async (cookie, shopper) => {
    for (let round = 0; ; round++) {
      try {
        const created = await fetch(`${server.url}/api/checkout/payment-intent`, {
          method: "POST",
          headers: headers(cookie),
          body: JSON.stringify({
            items: [{ variantId: VARIANTS[round % VARIANTS.length], quantity: 1 + (round % 2) }],
            customerDetails: {
              fullName: "Crash Shopper",
              email: `crash-${shopper}@example.com`,
              phone: "07700 900123",
              shippingAddress: `${shopper} Crash Close, London N1 1AA`,
              notes: `round ${round}`,
            },
          }),
        });
        if (created.status !== 200) continue;
        const order = (await created.json()) as { orderId: string; clientSecret: string };
        made.add(order.orderId);
        const confirmed = await fetch(`${server.url}/api/payments/test/confirm`, {
          method: "POST",
          headers: headers(cookie),
          body: JSON.stringify({
            clientSecret: order.clientSecret,
            card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
          }),
        });
        if (confirmed.status === 200) paid.add(order.orderId);
      } catch {
        return; // the server is gone
      }
    }
  });
  return { made, paid, done: Promise.all(loops) };
}

/** The checks on the data after the crash and the restart. */
async function checkBooks(
  query: Query,
  told: { made: Set<string>; paid: Set<string> },
  smtp: ReturnType<typeof startSmtpServer>,
) {
  const orders = await query(
    "select o.id, o.status, (select coalesce(sum(quantity), 0)::int from order_items i where i.order_id = o.id) as units, (select coalesce(sum(quantity_change), 0)::int from stock_movements m where m.order_id = o.id) as net from orders o where o.customer_email like 'crash-%'",
  );
  const byId = new Map(orders.map((row) => [String(row.id), row]));
  // Told "made": there. Told "paid": paid.
  for (const id of told.made) expect(byId.has(id), `order ${id} was made`).toBe(true);
  for (const id of told.paid) expect(byId.get(id)?.status, `order ${id} was paid`).toBe("paid");
  for (const row of orders) {
    // Whole: items, and stock held while it stands, given back when cancelled.
    expect(row.units, `order ${row.id} has its items`).not.toBe(0);
    const holds = row.status === "pending" || row.status === "paid";
    expect(row.net, `order ${row.id} (${row.status}) stock`).toBe(holds ? -Number(row.units) : 0);
  }
  const discrepancies = await query(
    "select v.id from product_variants v left join (select variant_id, sum(quantity_change)::int as total from stock_movements group by variant_id) t on t.variant_id = v.id where v.stock_quantity <> coalesce(t.total, 0)",
  );
  expect(discrepancies).toEqual([]);

  // Every paid order's confirmation is in the outbox, and every outbox message was delivered.
  const paidOrders = orders.filter((row) => row.status === "paid").length;
  const outbox = await query(
    "select id, kind, case when sent_at is null then 'pending' else 'sent' end as status from email_outbox where delivered_by is distinct from 'dev-mailbox'",
  );
  expect(outbox.filter((row) => row.kind === "order-confirmation").length).toBe(paidOrders);
  expect(outbox.filter((row) => row.status !== "sent")).toEqual([]);
  const ids = smtp.received.map(
    (message) => /^Message-ID: <([^@>]+)@/im.exec(message.raw)?.[1] ?? "none",
  );
  expect([...new Set(ids)].sort()).toEqual(outbox.map((row) => String(row.id)).sort());
  expect(ids.length - new Set(ids).size, "messages delivered twice").toBeLessThanOrEqual(1);
  return { orders: orders.length, paid: paidOrders, emails: ids.length };
}

for (const driver of ["pglite", "postgres"] as const) {
  test.describe(`kill -9 during checkouts on ${driver}`, () => {
    test.skip(driver === "postgres" && !postgresUrl, NEEDS_POSTGRES);
    test.describe.configure({ mode: "serial", timeout: 100_000 });

    test("every order whole or absent, the stock adding up, every email delivered once", async () => {
      const smtp = startSmtpServer();
      // The demo shop as the built server seeds it, with twenty past orders (./seeded-shop.ts).
      const seed = { DEMO_ORDERS: "20" };
      const database =
        driver === "postgres"
          ? await seededPostgresDatabase(postgresUrl, "gleam_e2e_crash", seed)
          : undefined;
      const dataDir = database ? undefined : await seededDataDir(seed);
      const databaseUrl = database?.url;
      const env = {
        ...(databaseUrl
          ? { DATABASE_URL: databaseUrl, SHOP_MODE: "demo" }
          : { DATA_DIR: dataDir ?? "" }),
        SMTP_URL: `smtp://127.0.0.1:${await smtp.ready}?ignoreTLS=true`,
        AUTH_ATTEMPTS_PER_MINUTE: "1000",
        CHECKOUT_ATTEMPTS_PER_MINUTE: "1000",
        ...seed,
        LOG_LEVEL: "warn",
      };
      let server: BuiltServer | undefined;
      try {
        server = await startBuiltServer(env);
        const cookies: string[] = [];
        for (let index = 0; index < SHOPPERS; index++) {
          cookies.push(await signUpAndLogIn(server, smtp, `crash-${index}@example.com`));
        }
        const shopping = await shopUntilDead(server, cookies);
        // Let orders and payments flow, then kill mid-stream.
        await expect.poll(() => shopping.paid.size, { timeout: 30_000 }).toBeGreaterThan(10);
        server.child.kill("SIGKILL");
        expect(await server.exited).toBeNull();
        await shopping.done;
        // Leases the killed process held end by then (the database's clock).
        const killedLeasesEndBy = databaseUrl
          ? await (async () => {
              const client = new pg.Client({ connectionString: databaseUrl });
              await client.connect();
              try {
                const { rows } = await client.query<{ until: Date }>(
                  "select now() + interval '10 minutes' as until",
                );
                return rows[0]?.until;
              } finally {
                await client.end();
              }
            })()
          : undefined;

        server = await startBuiltServer(env);
        let books: Awaited<ReturnType<typeof checkBooks>>;
        if (databaseUrl) {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          try {
            const query: Query = async (text) => (await client.query(text)).rows;
            // A job leased by the killed process waits for its lease to lapse (ten minutes); the
            // test moves the end of those leases (never the new process's) to now instead of
            // waiting, and the restarted process's next round runs them.
            await client.query(
              "update jobs set leased_until = now() where status = 'queued' and leased_until <= $1",
              [killedLeasesEndBy],
            );
            await expect
              .poll(
                async () =>
                  (await query("select id from email_outbox where sent_at is null")).length,
                { timeout: 60_000, intervals: [1000] },
              )
              .toBe(0);
            // A row is marked sent only after the mail server accepted it, so every delivery,
            // a repeated one included, has reached the catcher by now.
            books = await checkBooks(query, shopping, smtp);
          } finally {
            await client.end();
          }
        } else {
          // The restarted process released the killed one's leases and sends at once; when the
          // mail server has heard nothing new for 3 s, stop it and read its data folder.
          let last = -1;
          await expect
            .poll(
              () => {
                const settled = smtp.received.length === last;
                last = smtp.received.length;
                return settled;
              },
              { timeout: 60_000, intervals: [3000] },
            )
            .toBe(true);
          expect(await server.stop()).toBe(0);
          const database = await PGlite.create({ dataDir, extensions: { pg_trgm } });
          try {
            books = await checkBooks(
              async (text) => (await database.query<Record<string, unknown>>(text)).rows,
              shopping,
              smtp,
            );
          } finally {
            await database.close();
          }
        }
        expect(books.orders).toBeGreaterThan(0);
        const summary = `${driver}: ${shopping.made.size} orders made and ${shopping.paid.size} paid as customers were told before the kill; after restart ${books.orders} orders (${books.paid} paid) and ${books.emails} emails`;
        test.info().annotations.push({ type: "crash", description: summary });
        process.stdout.write(`kill -9 test: ${summary}\n`);
      } finally {
        await server?.stop();
        await smtp.close();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    });
  });
}
