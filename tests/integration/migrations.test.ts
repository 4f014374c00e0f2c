import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { systemActor } from "@server/audit/audit-log";
import { pageContentSchemas } from "@server/content/page-content";
import { pageDefaults } from "@server/content/page-defaults";
import type { DatabaseHandle } from "@server/db/client";
import { migrationsFolder } from "@server/db/client";
import type { Database } from "@server/db/database";
import { hashStoredGiftCardCodes } from "@server/gift-cards/gift-card-codes";
import { usableCard } from "@server/gift-cards/gift-card-payments";
import { cancelOrder } from "@server/orders/order-state";
import { findStockDiscrepancies } from "@server/stock/stock-service";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { everyDriver, openTestDatabase } from "../setup/test-database";

// The committed migrations applied one file at a time, with data written in between, as a shop
// that was running before a release would have it: a migration that reshapes rules (0005: one open
// order per customer, one first-order discount claim) must fold existing rows into those rules
// instead of failing on them; one that starts a record (0006: stock movements) must start it from
// what is there.

function statementsOf(file: string): string[] {
  return readFileSync(join(migrationsFolder(), file), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);
}

const files = readdirSync(migrationsFolder())
  .filter((file) => file.endsWith(".sql"))
  .sort();

async function applyUpTo(db: Database, prefix: string) {
  for (const file of files.filter((name) => name.slice(0, 4) <= prefix)) {
    for (const statement of statementsOf(file)) await db.execute(sql.raw(statement));
  }
}

/** The rows a query gives: both drivers answer `{ rows }` (Drizzle types it per driver). */
async function rowsOf(db: Database, query: string): Promise<unknown[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: unknown[] };
  return result.rows;
}

async function apply(db: Database, prefix: string) {
  const file = files.find((name) => name.startsWith(prefix));
  if (!file) throw new Error(`no migration ${prefix}`);
  for (const statement of statementsOf(file)) await db.execute(sql.raw(statement));
}

describe.each(everyDriver)("migrations on %s", (driver) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(driver, { migrated: false });
  });
  afterAll(async () => {
    await handle.close();
  });

  it("0005 keeps each customer's newest open order, returns the others' stock and keeps one discount claim", async () => {
    const db = handle.db;
    await applyUpTo(db, "0004");
    // One statement per call: PGlite runs one statement at a time.
    for (const statement of [
      `insert into users (id, full_name, email, email_verified) values ('u1', 'Ada', 'ada@example.com', true)`,
      `insert into products (id, slug, name, description_html, image_url, image_alt)
        values ('p', 'p', 'Pen', '<p>x</p>', '/i.svg', 'A pen')`,
      `insert into product_variants (id, product_id, name, price_pence, stock_quantity)
        values ('v', 'p', 'Default', 1000, 7)`,
      `insert into orders (id, user_id, status, subtotal_pence, discount_pence, vat_pence, total_pence,
          customer_full_name, customer_email, customer_phone, shipping_address, payment_provider,
          provider_intent_id, created_at, checkout_key, paid_at)
        values
          ('paid-1', 'u1', 'paid', 1000, 100, 150, 900, 'Ada', 'ada@example.com', '1', 'x', 'stripe', 'pi_0', now() - interval '9 minutes', 'k0', now()),
          ('open-old', 'u1', 'pending', 1000, 100, 150, 900, 'Ada', 'ada@example.com', '1', 'x', 'stripe', 'pi_1', now() - interval '2 minutes', 'k1', null),
          ('open-new', 'u1', 'pending', 2000, 200, 300, 1800, 'Ada', 'ada@example.com', '1', 'x', 'stripe', 'pi_2', now() - interval '1 minute', 'k2', null)`,
      `insert into order_items (id, order_id, product_id, variant_id, product_name, variant_name, unit_price_pence, quantity)
        values ('i1', 'open-old', 'p', 'v', 'Pen', 'Default', 1000, 1),
               ('i2', 'open-new', 'p', 'v', 'Pen', 'Default', 1000, 2)`,
    ]) {
      await db.execute(sql.raw(statement));
    }
    await apply(db, "0005");

    expect(
      await rowsOf(db, "select id, status, first_order_discount from orders order by id"),
    ).toEqual([
      { id: "open-new", status: "pending", first_order_discount: false },
      { id: "open-old", status: "cancelled", first_order_discount: false },
      { id: "paid-1", status: "paid", first_order_discount: true },
    ]);
    expect(await rowsOf(db, "select stock_quantity from product_variants")).toEqual([
      { stock_quantity: 8 },
    ]);
    expect(await rowsOf(db, "select order_id, kind, intent_id from payment_tasks")).toEqual([
      { order_id: "open-old", kind: "cancel-intent", intent_id: "pi_1" },
    ]);
  });

  it("0006 opens each variant's movements with the stock it holds, so what follows adds up", async () => {
    const db = handle.db;
    await apply(db, "0006");
    expect(
      await rowsOf(
        db,
        "select variant_id, kind, quantity_change, stock_after, actor_type from stock_movements",
      ),
    ).toEqual([
      {
        variant_id: "v",
        kind: "adjustment",
        quantity_change: 8,
        stock_after: 8,
        actor_type: "system",
      },
    ]);
    expect(
      await rowsOf(db, "select id, cancelled_at is not null as stamped from orders order by id"),
    ).toEqual([
      { id: "open-new", stamped: false },
      { id: "open-old", stamped: true },
      { id: "paid-1", stamped: false },
    ]);
    // Every later migration applies on top (the code below reads today's schema); 0007 marks an
    // order refunded before it as refunded in full.
    await db.execute(sql.raw("update orders set status = 'refunded' where id = 'paid-1'"));
    for (const file of files.filter((name) => name.slice(0, 4) > "0006")) {
      for (const statement of statementsOf(file)) await db.execute(sql.raw(statement));
    }
    // 0022 moves the waiting work into the one job queue: the payment follow-up queued by 0005,
    // and the order still unpaid (its expiry).
    expect(
      await rowsOf(db, "select kind, subject_id, payload, status from jobs order by kind"),
    ).toEqual([
      {
        kind: "cancel-intent",
        subject_id: "open-old",
        payload: { provider: "stripe", intentId: "pi_1" },
        status: "queued",
      },
      { kind: "expire-order", subject_id: "open-new", payload: {}, status: "queued" },
    ]);
    expect(await rowsOf(db, "select id, refunded_pence from orders order by id")).toEqual([
      { id: "open-new", refunded_pence: 0 },
      { id: "open-old", refunded_pence: 0 },
      { id: "paid-1", refunded_pence: 900 },
    ]);
    // The order left open from before 0006 gives its stock back through the stock module.
    await db.transaction((tx) => cancelOrder(tx, "open-new", systemActor("order-expiry"), "Late"));
    expect(await rowsOf(db, "select stock_quantity from product_variants")).toEqual([
      { stock_quantity: 10 },
    ]);
    expect(await findStockDiscrepancies(db)).toEqual([]);
  });
});

// 0049 moves the announcement bar's messages from the settings to the home page's content: what
// the owner wrote stays theirs, an empty one becomes the starting text's (decision record 075).
describe.each(everyDriver)("0049 on %s", (driver) => {
  async function migrated(before: string[]): Promise<Database> {
    const handle = await openTestDatabase(driver, { migrated: false });
    onTestFinished(() => handle.close());
    await applyUpTo(handle.db, "0048");
    for (const statement of before) await handle.db.execute(sql.raw(statement));
    await apply(handle.db, "0049");
    return handle.db;
  }
  const owned = [
    "Free shipping on orders over {freeShippingOver}",
    "Made in Britain",
    "Get {firstOrderDiscount} off your first order",
  ];
  const ownSettings = `insert into shop_settings (key, value) values ('shop',
    '{"shopName": "Glow", "announcementOverrides": ["", " Made in Britain ", ""]}')`;

  it("gives every saved version of the home page the messages, and leaves the settings without", async () => {
    const db = await migrated([
      ownSettings,
      `insert into page_versions (page, version, content) values
        ('home', 1, '{"heroTitle": "Hello", "heroText": "Smile"}'),
        ('home', 2, '{"heroTitle": "Hi", "heroText": "Smile"}'),
        ('about', 1, '{"title": "Us"}')`,
    ]);
    expect(
      await rowsOf(
        db,
        "select page, version, content->'announcements' as announcements from page_versions order by page, version",
      ),
    ).toEqual([
      { page: "about", version: 1, announcements: null },
      { page: "home", version: 1, announcements: owned },
      { page: "home", version: 2, announcements: owned },
    ]);
    expect(await rowsOf(db, "select value from shop_settings")).toEqual([
      { value: { shopName: "Glow" } },
    ]);
  });

  it("makes the messages written the home page's first version", async () => {
    const db = await migrated([ownSettings]);
    const [first] = (await rowsOf(db, "select page, version, content from page_versions")) as {
      content: unknown;
    }[];
    expect(first).toMatchObject({ page: "home", version: 1 });
    expect(pageContentSchemas.home.parse(first?.content)).toEqual({
      ...pageDefaults.home,
      announcements: owned,
    });
  });

  it("saves no version of the home page when no message was written", async () => {
    const untouched = await migrated([
      `insert into shop_settings (key, value) values ('shop', '{"announcementOverrides": ["", "", ""]}')`,
    ]);
    expect(await rowsOf(untouched, "select page from page_versions")).toEqual([]);
  });
});

// Gift card codes from before 0053: kept plain until the next start hashes them
// (docs/decisions/079-gift-card-codes-hashed.md); the card pays as before, by the same code.
describe.each(everyDriver)("0053 on %s", (driver) => {
  it("keeps each card's last four, and the start's hashing makes its code work as before", async () => {
    const handle = await openTestDatabase(driver, { migrated: false });
    onTestFinished(() => handle.close());
    const db = handle.db;
    await applyUpTo(db, "0052");
    await db.execute(
      sql.raw(`insert into gift_cards (id, code, initial_pence, balance_pence, recipient_email, send_on)
        values ('kept', 'ABCDEFGHJKMNPQRS', 2000, 1500, null, null),
               ('waiting', 'QRSTUVWXYZ234567', 1000, 1000, 'ada@example.com', now())`),
    );
    await apply(db, "0053");
    expect(
      await rowsOf(db, "select id, code, last_four, code_hash from gift_cards order by id"),
    ).toEqual([
      { id: "kept", code: "ABCDEFGHJKMNPQRS", last_four: "PQRS", code_hash: null },
      { id: "waiting", code: "QRSTUVWXYZ234567", last_four: "4567", code_hash: null },
    ]);
    expect(await hashStoredGiftCardCodes(db)).toBe(2);
    expect((await usableCard(db, "abcd-efgh-jkmn-pqrs")).id).toBe("kept");
    expect(
      await rowsOf(
        db,
        "select id, code, code_sealed is not null as sealed from gift_cards order by id",
      ),
    ).toEqual([
      { id: "kept", code: null, sealed: false },
      { id: "waiting", code: null, sealed: true },
    ]);
  });
});
