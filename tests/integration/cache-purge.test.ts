import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { adminActor } from "@server/audit/audit-log";
import { type CachePurger, purgerFor } from "@server/cache/purge-adapters";
import { PURGE_WINDOW_MS, purgeCacheJob, queuePurges } from "@server/cache/purge-jobs";
import { updateProduct } from "@server/catalog/product-editor";
import type { ProductInput } from "@server/catalog/product-input";
import type { Database } from "@server/db/database";
import { runJobsRound } from "@server/jobs/job-queue";
import { jobs } from "@server/jobs/schema";
import { logger } from "@server/logger";
import { adjustStock } from "@server/stock/stock-service";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createCustomer, createProduct, versionNow } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Purging the shared cache in front (docs/decisions/049-shared-cache.md): a change queues the
// tags it touched in its own transaction; the job queue sends them by the configured adapter, to
// a local stand-in of each cache here (never the real service), and tries again when it fails.

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A stand-in cache or CDN API: records each call, answers with `reply`. */
function standIn() {
  const seen: Seen[] = [];
  let reply: { status: number; body: string } = { status: 200, body: "{}" };
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      seen.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body,
      });
      response.writeHead(reply.status, { "Content-Type": "application/json" }).end(reply.body);
    });
  });
  const ready = new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
  return {
    seen,
    ready,
    answer(status: number, body: string) {
      reply = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cache = standIn();
let origin = "";
beforeAll(async () => {
  origin = await cache.ready;
});
afterAll(() => cache.close());
afterEach(() => {
  cache.seen.length = 0;
  cache.answer(200, "{}");
  queuePurges(false);
});

const priceChange = (pricePence: number, variantId: string): ProductInput => ({
  name: "Purge Pen",
  slug: "purge-pen",
  descriptionHtml: "<p>A pen.</p>",
  imageUrl: "/images/products/whitening-pen.svg",
  imageAlt: "A whitening pen",
  variants: [
    { id: variantId, name: "Default", pricePence, compareAtPricePence: null, startingStock: 0 },
  ],
});

async function queued(db: Database) {
  return db.select().from(jobs).where(eq(jobs.kind, "purge-cache"));
}

function runPurges(db: Database, purger: CachePurger | null, now?: Date) {
  return runJobsRound(db, { "purge-cache": purgeCacheJob(db, purger) }, logger, now);
}

/** After every gathered purge asked so far is due. */
const afterTheWindow = () => new Date(Date.now() + PURGE_WINDOW_MS + 1000);

describe.each(testDrivers)("purging the shared cache on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  afterEach(async () => {
    vi.useRealTimers();
    await db().delete(jobs);
  });

  /** The admin changes a product's price, with purges queued or not. */
  async function changePrice(purging: boolean, pricePence: number) {
    const admin = adminActor(await createCustomer(db()));
    const product = await createProduct(db(), { id: "purge-pen" });
    queuePurges(purging);
    await updateProduct(db(), admin, product.id, {
      ...priceChange(pricePence, "purge-pen-v1"),
      version: await versionNow(db(), "products", product.id),
    });
  }

  it("queues nothing while no cache is configured", async () => {
    await changePrice(false, 1299);
    expect(await queued(db())).toEqual([]);
  });

  it("sends a price change's tags to every cache by PURGE, then forgets the job", async () => {
    await changePrice(true, 1299);
    const [job] = await queued(db());
    expect(job?.payload).toEqual({ tags: "product-purge-pen products" });

    const purger = purgerFor({
      kind: "http",
      urls: [`${origin}/a`, `${origin}/b`],
      token: "s3cret",
    });
    expect(await runPurges(db(), purger)).toMatchObject({ done: 1 });
    expect(cache.seen.map((call) => [call.method, call.url])).toEqual(
      expect.arrayContaining([
        ["PURGE", "/a"],
        ["PURGE", "/b"],
      ]),
    );
    for (const call of cache.seen) {
      expect(call.headers["surrogate-key"]).toBe("product-purge-pen products");
      expect(call.headers.authorization).toBe("Bearer s3cret");
    }
    expect(await queued(db())).toEqual([]);
  });

  it("tries again later when the cache refuses, keeping the tags", async () => {
    await changePrice(true, 1499);
    cache.answer(503, "busy");
    const purger = purgerFor({ kind: "http", urls: [origin] });
    expect(await runPurges(db(), purger)).toMatchObject({ retried: 1 });
    const [job] = await queued(db());
    expect(job?.attempts).toBe(1);
    expect(job?.lastError).toContain("503");
    expect(job?.payload).toEqual({ tags: "product-purge-pen products" });
  });

  it("purges for a stock movement only when the published figure changes", async () => {
    queuePurges(true);
    const admin = adminActor(await createCustomer(db()));
    await createProduct(db(), {
      id: "stocked",
      variants: [{ id: "stocked-v1", stockQuantity: 30 }],
    });
    // Its starting stock was a purge of its own (none shown before, "In stock!" after).
    expect((await queued(db())).map((job) => job.payload.tags)).toEqual([
      "product-stocked products",
    ]);
    await db().delete(jobs);
    const count = (counted: number) =>
      adjustStock(db(), { variantId: "stocked-v1", counted, actor: admin, reason: "Counted" });
    await count(25); // 30 -> 25: both shown as "In stock!"
    expect(await queued(db())).toEqual([]);
    await count(19); // into the band: the page shows "19 in stock!"
    expect((await queued(db())).map((job) => job.payload.tags)).toEqual(["product-stocked"]);
    await db().delete(jobs);
    await count(0); // sold out: listings filtered to what is in stock change too
    expect((await queued(db())).map((job) => job.payload.tags)).toEqual([
      "product-stocked products",
    ]);
  });

  it("purges the listings only when a card or the in-stock filter changes", async () => {
    queuePurges(true);
    const admin = adminActor(await createCustomer(db()));
    await createProduct(db(), {
      id: "two-shades",
      variants: [
        { id: "two-shades-first", stockQuantity: 5 },
        { id: "two-shades-second", stockQuantity: 5 },
      ],
    });
    await db().delete(jobs);
    const count = async (variantId: string, counted: number) => {
      await adjustStock(db(), { variantId, counted, actor: admin, reason: "Counted" });
      const tags = (await queued(db())).map((job) => job.payload.tags);
      await db().delete(jobs);
      return tags;
    };
    // The second shade sells out: its page changes; the card (the first shade's) does not, and
    // the product is still in stock.
    expect(await count("two-shades-second", 0)).toEqual(["product-two-shades"]);
    // The first shade sells out: the card says "Out of stock." and the product has none left.
    expect(await count("two-shades-first", 0)).toEqual(["product-two-shades products"]);
    // The second comes back: in stock again for the filter.
    expect(await count("two-shades-second", 3)).toEqual(["product-two-shades products"]);
  });

  it("gathers a shopper's stock purges into one call at the end of the window", async () => {
    // Windows are the clock's: the test holds the clock a second into one, so no window can end
    // while it runs and make its purges due early.
    vi.useFakeTimers({
      toFake: ["Date"],
      now: Math.floor(Date.now() / PURGE_WINDOW_MS) * PURGE_WINDOW_MS + 1000,
    });
    queuePurges(true);
    const admin = adminActor(await createCustomer(db()));
    await createProduct(db(), {
      id: "last-one",
      variants: [{ id: "last-one-v1", stockQuantity: 1 }],
    });
    await db().delete(jobs);
    // The last unit taken and given back, over and over, as checkouts started and dropped.
    for (let round = 0; round < 10; round++) {
      for (const counted of [0, 1]) {
        await adjustStock(db(), {
          variantId: "last-one-v1",
          counted,
          actor: admin,
          reason: "Hold",
        });
      }
    }
    const waiting = await queued(db());
    expect(waiting).toHaveLength(20);
    for (const job of waiting) expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    const purger = purgerFor({ kind: "http", urls: [origin] });
    // Before the window ends nothing is sent; an admin's edit meanwhile is purged at once.
    await changePrice(true, 1599);
    expect(await runPurges(db(), purger)).toMatchObject({ done: 1 });
    expect(cache.seen.map((call) => call.headers["surrogate-key"])).toEqual([
      "product-purge-pen products",
    ]);
    // (The edit set the pen's stock to none: a gathered purge of its own.)
    const gathered = await queued(db());
    expect(gathered).toHaveLength(21);
    for (const job of gathered) expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    cache.seen.length = 0;
    // Then one call for them all, each tag once.
    expect(await runPurges(db(), purger, afterTheWindow())).toMatchObject({ done: 10 });
    expect(cache.seen.map((call) => call.headers["surrogate-key"])).toEqual([
      "product-last-one product-purge-pen products",
    ]);
    expect(await queued(db())).toEqual([]);
  });

  it("keeps the gathered purges as one when the cache refuses, and sends it later", async () => {
    queuePurges(true);
    const admin = adminActor(await createCustomer(db()));
    await createProduct(db(), {
      id: "refused",
      variants: [{ id: "refused-v1", stockQuantity: 1 }],
    });
    await db().delete(jobs);
    for (const counted of [0, 1, 0]) {
      await adjustStock(db(), { variantId: "refused-v1", counted, actor: admin, reason: "Hold" });
    }
    const purger = purgerFor({ kind: "http", urls: [origin] });
    cache.answer(503, "busy");
    const later = afterTheWindow();
    expect(await runPurges(db(), purger, later)).toMatchObject({ retried: 1 });
    // One job holds all three's tags, with the failed attempt.
    const [left, ...none] = await queued(db());
    expect(none).toEqual([]);
    expect(left).toMatchObject({ attempts: 1, payload: { tags: "product-refused products" } });
    cache.answer(200, "{}");
    cache.seen.length = 0;
    expect(await runPurges(db(), purger, later)).toMatchObject({ done: 0 });
    // Sent after its delay.
    expect(await runPurges(db(), purger, new Date(later.getTime() + 60 * 60_000))).toMatchObject({
      done: 1,
    });
    expect(cache.seen.map((call) => call.headers["surrogate-key"])).toEqual([
      "product-refused products",
    ]);
    expect(await queued(db())).toEqual([]);
  });
});

describe("the CDN adapters, against stand-ins of their APIs", () => {
  it("asks Cloudflare to purge by tags, at most 100 a call, and fails on success: false", async () => {
    const purger = purgerFor({
      kind: "cloudflare",
      zoneId: "zone1",
      token: "cf-token",
      apiUrl: origin,
    });
    cache.answer(
      200,
      JSON.stringify({ success: true, errors: [], messages: [], result: { id: "x" } }),
    );
    const tags = Array.from({ length: 150 }, (_, index) => `product-${index}`);
    await purger?.purge(tags);
    expect(cache.seen.map((call) => [call.method, call.url])).toEqual([
      ["POST", "/zones/zone1/purge_cache"],
      ["POST", "/zones/zone1/purge_cache"],
    ]);
    expect(cache.seen[0]?.headers.authorization).toBe("Bearer cf-token");
    expect(JSON.parse(cache.seen[0]?.body ?? "").tags).toHaveLength(100);
    expect(JSON.parse(cache.seen[1]?.body ?? "").tags).toEqual(tags.slice(100));
    cache.answer(200, JSON.stringify({ success: false, errors: [{ code: 1134 }] }));
    await expect(purger?.purge(["settings"])).rejects.toThrow("Cloudflare did not purge");
  });

  it("asks Fastly for a soft purge of surrogate keys", async () => {
    const purger = purgerFor({
      kind: "fastly",
      serviceId: "svc1",
      token: "fastly-token",
      apiUrl: origin,
    });
    await purger?.purge(["product-a", "products"]);
    const [call] = cache.seen;
    expect([call?.method, call?.url]).toEqual(["POST", "/service/svc1/purge"]);
    expect(call?.headers["fastly-key"]).toBe("fastly-token");
    expect(call?.headers["fastly-soft-purge"]).toBe("1");
    expect(JSON.parse(call?.body ?? "")).toEqual({ surrogate_keys: ["product-a", "products"] });
    cache.answer(401, JSON.stringify({ msg: "Provided credentials are missing or invalid" }));
    await expect(purger?.purge(["settings"])).rejects.toThrow("Fastly answered 401");
  });

  it("has no purger when none is configured", () => {
    expect(purgerFor({ kind: "none" })).toBeNull();
  });
});
