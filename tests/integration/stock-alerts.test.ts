import { STOCK_ALERT_MESSAGES } from "@common/stock/stock-alerts";
import { systemActor } from "@server/audit/audit-log";
import { emailOutbox } from "@server/email/schema";
import type { Job } from "@server/jobs/job-queue";
import { jobs } from "@server/jobs/schema";
import { adjustStock, restock } from "@server/stock/stock-service";
import { stockAlerts } from "@server/stock-alerts/schema";
import {
  askForStockAlert,
  notifyStockAlertsJob,
  waitingStockAlerts,
} from "@server/stock-alerts/stock-alerts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createProduct, testBrand } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Back-in-stock alerts (docs/storefront.md#back-in-stock-alerts): a sold-out variant takes
// addresses; units back email the oldest, once each, no more than the units times the owner's
// factor, and two returns handled at once never email one address twice.

const actor = systemActor("stock-alerts-test");
const FACTOR = 2;

describe.each(testDrivers)("back-in-stock alerts on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const handler = () =>
    notifyStockAlertsJob(
      db(),
      async () => FACTOR,
      async () => testBrand,
    );

  async function soldOut() {
    await createProduct(db(), {
      id: "pen",
      slug: "pen",
      name: "Whitening Pen",
      variants: [
        { id: "pen-v", name: "Default", pricePence: 2499, stockQuantity: 0 },
        { id: "pen-twin", name: "Twin Pack", pricePence: 4499, stockQuantity: 3 },
      ],
    });
  }
  const ask = (email: string, clientAddress: string | null = null) =>
    askForStockAlert(db(), { variantId: "pen-v", email, userId: null, clientAddress });
  const queued = async () =>
    db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "notify-stock-alerts"), eq(jobs.status, "queued")))
      .orderBy(asc(jobs.createdAt));
  const run = (job: Job) => handler().run(job, { now: new Date(), done: async () => {} });
  const alertedTo = async () =>
    (
      await db()
        .select({ to: emailOutbox.toAddress })
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, "back-in-stock"))
    )
      .map((row) => row.to)
      .sort();
  const waitingFor = async () =>
    (
      await db()
        .select({ email: stockAlerts.email })
        .from(stockAlerts)
        .where(isNull(stockAlerts.notifiedAt))
        .orderBy(asc(stockAlerts.createdAt))
    ).map((row) => row.email);

  it("keeps an address for a sold-out variant once, and refuses one in stock", async () => {
    await soldOut();
    expect(await ask(" Ada@Example.com ")).toEqual({ email: "ada@example.com" });
    await ask("ada@example.com");
    expect(await waitingFor()).toEqual(["ada@example.com"]);
    await expect(
      askForStockAlert(db(), {
        variantId: "pen-twin",
        email: "ada@example.com",
        userId: null,
        clientAddress: null,
      }),
    ).rejects.toThrow(STOCK_ALERT_MESSAGES.inStock);
    await expect(
      askForStockAlert(db(), {
        variantId: "nope",
        email: "ada@example.com",
        userId: null,
        clientAddress: null,
      }),
    ).rejects.toThrow(STOCK_ALERT_MESSAGES.gone);
    // Ten asks an address in ten minutes.
    for (let index = 0; index < 10; index++) await ask(`shopper${index}@example.com`, "10.7.0.1");
    await expect(ask("eleventh@example.com", "10.7.0.1")).rejects.toThrow(
      STOCK_ALERT_MESSAGES.tooMany,
    );
    // Nothing is queued while nothing comes back; a count that takes stock away queues nothing.
    await db().transaction((tx) =>
      adjustStock(tx, { variantId: "pen-twin", counted: 1, actor, reason: "Count" }),
    );
    expect(await queued()).toHaveLength(0);
  });

  // Whoever types a stranger's address brings them a few emails at most (decision record 080).
  it("gives an address no signed-in owner gave three alerts a day, and its owner any", async () => {
    await soldOut();
    await createProduct(db(), {
      id: "strips",
      slug: "strips",
      variants: [
        { id: "strips-7", pricePence: 1999, stockQuantity: 0 },
        { id: "strips-14", pricePence: 2999, stockQuantity: 0 },
        { id: "strips-28", pricePence: 4999, stockQuantity: 0 },
      ],
    });
    const askFor = (variantId: string, userId: string | null, at = Date.now()) =>
      askForStockAlert(
        db(),
        { variantId, email: "grace@example.com", userId, clientAddress: null },
        at,
      );
    for (const variantId of ["pen-v", "strips-7", "strips-14"]) await askFor(variantId, null);
    await expect(askFor("strips-28", null)).rejects.toThrow(STOCK_ALERT_MESSAGES.addressFull);
    // Grace herself, signed in, is never held to it; a day later, anyone may ask again.
    const grace = await createCustomer(db(), "grace@example.com");
    await expect(askFor("strips-28", grace)).resolves.toEqual({ email: "grace@example.com" });
    await db().delete(stockAlerts).where(eq(stockAlerts.variantId, "strips-28"));
    await expect(askFor("strips-28", null, Date.now() + 25 * 60 * 60_000)).resolves.toEqual({
      email: "grace@example.com",
    });
  });

  it("emails the oldest, once each, for the units back times the factor", async () => {
    await soldOut();
    const names = "abcdefghijklmnopqrstu".split("");
    for (const name of names) await ask(`${name}@example.com`);
    await db().transaction((tx) =>
      restock(tx, { variantId: "pen-v", quantity: 1, actor, reason: "Delivery" }),
    );
    const [first] = await queued();
    expect(first?.payload).toEqual({ variantId: "pen-v", units: "1" });
    if (first) await run(first);
    expect(await alertedTo()).toEqual(["a@example.com", "b@example.com"]);
    expect(await waitingFor()).toEqual(names.slice(2).map((name) => `${name}@example.com`));
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "a@example.com"));
    expect(email?.subject).toBe("Back in stock: Whitening Pen");
    expect(email?.text).toContain("http://shop.test/product/pen");

    // Five deliveries, their jobs run at once on several connections: c to l, each once.
    for (let delivery = 0; delivery < 5; delivery++) {
      await db().transaction((tx) =>
        restock(tx, { variantId: "pen-v", quantity: 1, actor, reason: "Delivery" }),
      );
    }
    const together = (await queued()).filter((job) => job.id !== first?.id);
    expect(together).toHaveLength(5);
    await Promise.all(together.map(run));
    const sent = await alertedTo();
    expect(sent).toEqual(names.slice(0, 12).map((name) => `${name}@example.com`));
    expect(await waitingFor()).toEqual(names.slice(12).map((name) => `${name}@example.com`));
    const list = await waitingStockAlerts(db());
    expect(list.variants).toEqual([
      expect.objectContaining({
        variantId: "pen-v",
        productName: "Whitening Pen",
        stock: 6,
        waiting: names
          .slice(12)
          .map((name) => ({ email: `${name}@example.com`, since: expect.any(Date) })),
      }),
    ]);
    expect(list.notifiedLast30Days).toBe(12);
  });

  it("emails nobody when the units went again before the job ran", async () => {
    await soldOut();
    await ask("late@example.com");
    await db().transaction((tx) =>
      restock(tx, { variantId: "pen-v", quantity: 2, actor, reason: "Delivery" }),
    );
    await db().transaction((tx) =>
      adjustStock(tx, { variantId: "pen-v", counted: 0, actor, reason: "Damaged" }),
    );
    const [job] = await queued();
    if (job) await run(job);
    expect(await alertedTo()).toEqual([]);
    expect(await waitingFor()).toEqual(["late@example.com"]);
  });
});
