import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { users } from "@server/auth/schema";
import { products } from "@server/catalog/schema";
import { countStatements } from "@server/db/statement-count";
import { type OrderStatus, orderItems, orders } from "@server/orders/schema";
import {
  deleteReview,
  hasBought,
  ownReview,
  productReviews,
  reportReview,
  saveReview,
  setReviewHidden,
} from "@server/reviews/reviews";
import { reviews } from "@server/reviews/schema";
import { seedDemoHistory } from "@server/seed/demo-history";
import { seedDemoReviews } from "@server/seed/demo-reviews";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NOT_A_BUYER } from "../../common/reviews/ratings";
import { reviewForm } from "../../common/reviews/review-form";
import { createCustomer, createProduct, listedProducts, shopPricing } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Reviews from real buyers: who may write one, one per customer and product, editing
// and deleting, the figures kept on the product (hidden reviews excluded), reports and moderation.

const review = (rating: number, title = "Brighter in a week") =>
  reviewForm.parse({ rating, title, body: "My teeth were visibly whiter after seven days." });

describe.each(testDrivers)("reviews on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  let orderSequence = 0;

  /** A customer (named) with an order of the product in the given status. */
  async function buyer(productId: string, status: OrderStatus, name = "Ada Lovelace") {
    const userId = await createCustomer(db());
    await db().update(users).set({ name }).where(eq(users.id, userId));
    const id = `order-${++orderSequence}`;
    await db().insert(orders).values({
      id,
      userId,
      status,
      subtotalPence: 1000,
      vatPence: 167,
      totalPence: 1000,
      customerFullName: name,
      customerEmail: "buyer@example.com",
      customerPhone: "07700 900123",
      shippingAddress: "1 Road",
      paymentProvider: "test",
    });
    await db()
      .insert(orderItems)
      .values({
        orderId: id,
        productId,
        variantId: `${productId}-v1`,
        productName: "Strips",
        variantName: "Default",
        unitPricePence: 1000,
        quantity: 1,
      });
    return userId;
  }

  async function figures(productId: string) {
    const [row] = await db()
      .select({ count: products.reviewCount, stars: products.reviewStarTotal })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  }

  it("lets only a customer with a paid or later order of the product write a review", async () => {
    await createProduct(db(), { id: "strips" });
    await createProduct(db(), { id: "paste" });
    for (const status of ["paid", "fulfilled", "delivered", "refunded"] as const) {
      const userId = await buyer("strips", status);
      expect(await hasBought(db(), userId, "strips")).toBe(true);
      await saveReview(db(), userId, "strips", review(5));
    }
    for (const status of ["pending", "cancelled"] as const) {
      const userId = await buyer("strips", status);
      await expect(saveReview(db(), userId, "strips", review(1))).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: NOT_A_BUYER,
      });
    }
    // Bought something else.
    const other = await buyer("paste", "delivered");
    await expect(saveReview(db(), other, "strips", review(1))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // Never ordered at all.
    const stranger = await createCustomer(db());
    await expect(saveReview(db(), stranger, "strips", review(1))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(saveReview(db(), other, "no-such-product", review(1))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await figures("strips")).toEqual({ count: 4, stars: 20 });
  });

  it("keeps one review per customer and product: a second save edits it; delete removes it", async () => {
    await createProduct(db(), { id: "strips" });
    const ada = await buyer("strips", "delivered");
    const first = await saveReview(db(), ada, "strips", review(2, "Not for me"));
    expect(first.created).toBe(true);
    const second = await saveReview(db(), ada, "strips", review(4, "Grew on me"));
    expect(second).toEqual({ id: first.id, created: false });
    expect(await ownReview(db(), ada, "strips")).toMatchObject({
      id: first.id,
      rating: 4,
      title: "Grew on me",
      hidden: false,
    });
    expect(await figures("strips")).toEqual({ count: 1, stars: 4 });
    await deleteReview(db(), ada, "strips");
    expect(await ownReview(db(), ada, "strips")).toBeNull();
    expect(await figures("strips")).toEqual({ count: 0, stars: 0 });
    // Deleting again changes nothing.
    await deleteReview(db(), ada, "strips");
  });

  it("counts visible reviews only: average, count and distribution; hidden ones count nowhere", async () => {
    await createProduct(db(), { id: "strips" });
    const ratings = [5, 5, 4, 2];
    const ids: string[] = [];
    for (const [index, rating] of ratings.entries()) {
      const userId = await buyer("strips", "paid", `Shopper${index} Surname`);
      ids.push((await saveReview(db(), userId, "strips", review(rating))).id);
    }
    let page = await productReviews(db(), "strips");
    expect(page.rating).toEqual({ average: 4, count: 4 });
    expect(page.distribution).toEqual([0, 1, 0, 1, 2]);
    expect(page.reviews.map((row) => row.reviewer)).toEqual([
      "Shopper3",
      "Shopper2",
      "Shopper1",
      "Shopper0",
    ]);
    const admin = await createCustomer(db());
    const twoStar = ids[3] ?? "";
    await setReviewHidden(db(), adminActor(admin), twoStar, true, "Off-topic");
    page = await productReviews(db(), "strips");
    expect(page.rating).toEqual({ average: 4.7, count: 3 });
    expect(page.distribution).toEqual([0, 0, 0, 1, 2]);
    expect(page.reviews.map((row) => row.id)).not.toContain(twoStar);
    expect(await figures("strips")).toEqual({ count: 3, stars: 14 });
    // The product's card reads the same figures.
    const [card] = await listedProducts(db());
    expect(card?.rating).toEqual({ average: 4.7, count: 3 });
    // Hiding twice is refused; showing it again brings it back.
    await expect(
      setReviewHidden(db(), adminActor(admin), twoStar, true, "again"),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await setReviewHidden(db(), adminActor(admin), twoStar, false, "Reviewed again");
    expect(await figures("strips")).toEqual({ count: 4, stars: 16 });
    const audit = await db()
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.entityId, twoStar));
    expect(audit).toEqual([
      { action: "review.hidden", reason: "Off-topic" },
      { action: "review.shown", reason: "Reviewed again" },
    ]);
    // Filtered by stars, paged.
    const fives = await productReviews(db(), "strips", { stars: 5 });
    expect(fives.matching).toBe(2);
    expect(fives.reviews.every((row) => row.rating === 5)).toBe(true);
  });

  it("pages a product's reviews newest first, whole and in order, a page past the last showing the last", async () => {
    await createProduct(db(), { id: "strips" });
    await createProduct(db(), { id: "paste" });
    // 23 visible reviews a minute apart (the newest has the highest number) and one hidden.
    const ratings = [5, 4, 5, 3, 5, 1, 5, 4, 2, 5, 5, 4, 5, 3, 5, 4, 5, 5, 2, 5, 4, 5, 5];
    const written = new Date("2026-10-01T09:00:00Z").getTime();
    const rows = [];
    for (const [index, rating] of ratings.entries()) {
      const userId = await createCustomer(db());
      await db()
        .update(users)
        .set({ name: `Shopper${index} Surname` })
        .where(eq(users.id, userId));
      const at = new Date(written + index * 60_000);
      rows.push({
        productId: "strips",
        userId,
        rating,
        title: "t",
        body: "b",
        createdAt: at,
        updatedAt: at,
      });
    }
    await db().insert(reviews).values(rows);
    const hider = await createCustomer(db());
    await db().insert(reviews).values({
      productId: "strips",
      userId: hider,
      rating: 1,
      title: "hidden",
      body: "hidden",
      hiddenAt: new Date(),
    });
    const perStar = [1, 2, 3, 4, 5].map((star) => ratings.filter((r) => r === star).length);
    const newestFirst = ratings.map((_, index) => `Shopper${index}`).reverse();

    const pages = [1, 2, 3].map((page) => productReviews(db(), "strips", { page }));
    const [first, second, third] = await Promise.all(pages);
    for (const view of [first, second, third]) {
      expect(view?.distribution).toEqual(perStar);
      expect(view?.rating).toEqual({ average: 4.2, count: 23 });
      expect(view).toMatchObject({ matching: 23, pageCount: 3, stars: null });
    }
    expect([first, second, third].map((view) => view?.reviews.length)).toEqual([10, 10, 3]);
    expect([first, second, third].flatMap((view) => view?.reviews.map((r) => r.reviewer))).toEqual(
      newestFirst,
    );
    expect(first?.reviews[0]).toMatchObject({
      rating: 5,
      createdOn: "1 October 2026",
      edited: false,
    });
    // Past the last page: the last page, numbered as such.
    const past = await productReviews(db(), "strips", { page: 9 });
    expect(past).toMatchObject({ page: 3, pageCount: 3 });
    expect(past.reviews.map((r) => r.reviewer)).toEqual(third?.reviews.map((r) => r.reviewer));
    // With a star filter: counts of every review, pages of the matching ones.
    const fives = ratings.flatMap((r, index) => (r === 5 ? [`Shopper${index}`] : [])).reverse();
    const fiveStar = await Promise.all(
      [1, 2, 7].map((page) => productReviews(db(), "strips", { stars: 5, page })),
    );
    for (const view of fiveStar) {
      expect(view.distribution).toEqual(perStar);
      expect(view).toMatchObject({ stars: 5, matching: fives.length, pageCount: 2 });
    }
    expect(fiveStar.map((view) => view.page)).toEqual([1, 2, 2]);
    expect(fiveStar.slice(0, 2).flatMap((view) => view.reviews.map((r) => r.reviewer))).toEqual(
      fives,
    );
    expect(fiveStar[2]?.reviews).toEqual(fiveStar[1]?.reviews);
    // Two three-star reviews: one page, whatever page is asked for.
    const none = await productReviews(db(), "strips", { stars: 3, page: 2 });
    expect(none).toMatchObject({ matching: 2, page: 1, pageCount: 1 });
    // A product without reviews: no rating, an empty first page.
    expect(await productReviews(db(), "paste", { page: 4 })).toEqual({
      rating: null,
      distribution: [0, 0, 0, 0, 0],
      reviews: [],
      stars: null,
      matching: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("keeps a product's page of reviews until a review changes, then reads it afresh", async () => {
    await createProduct(db(), { id: "strips" });
    const ada = await buyer("strips", "delivered");
    const bob = await buyer("strips", "delivered", "Bob Brown");
    await saveReview(db(), ada, "strips", review(5));
    const first = await countStatements(() => productReviews(db(), "strips"));
    expect(first.statements).toBe(2);
    const again = await countStatements(() => productReviews(db(), "strips"));
    expect(again).toEqual({ result: first.result, statements: 0 });
    // Another filter or page is another read.
    expect(
      (await countStatements(() => productReviews(db(), "strips", { stars: 5 }))).statements,
    ).toBe(2);
    // A review saved empties what was kept: the next page view shows it.
    const { id } = await saveReview(db(), bob, "strips", review(1, "Not for me"));
    const after = await countStatements(() => productReviews(db(), "strips"));
    expect(after.statements).toBe(2);
    expect(after.result.reviews.map((shown) => shown.id)).toContain(id);
    const admin = await createCustomer(db());
    await setReviewHidden(db(), adminActor(admin), id, true, "Off topic");
    expect((await productReviews(db(), "strips")).reviews.map((shown) => shown.id)).not.toContain(
      id,
    );
  });

  it("takes a deleted account's reviews out of the figures", async () => {
    await createProduct(db(), { id: "strips" });
    const ada = await buyer("strips", "delivered");
    const bob = await buyer("strips", "delivered", "Bob Brown");
    await saveReview(db(), ada, "strips", review(5));
    await saveReview(db(), bob, "strips", review(1));
    await db().delete(users).where(eq(users.id, bob));
    expect(await figures("strips")).toEqual({ count: 1, stars: 5 });
  });

  it("lets a customer report another's review once, flagging it", async () => {
    await createProduct(db(), { id: "strips" });
    const ada = await buyer("strips", "delivered");
    const { id } = await saveReview(db(), ada, "strips", review(1));
    const bob = await createCustomer(db());
    await reportReview(db(), bob, id, "Spam");
    await expect(reportReview(db(), bob, id, null)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(reportReview(db(), ada, id, null)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(reportReview(db(), bob, "missing", null)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("keeps a review's text as typed, never as markup", async () => {
    await createProduct(db(), { id: "strips" });
    const ada = await buyer("strips", "paid");
    const input = reviewForm.parse({
      rating: 3,
      title: "<script>alert(1)</script>",
      body: "<img src=x onerror=alert(1)> works\r\nwell",
    });
    await saveReview(db(), ada, "strips", input);
    const [shown] = (await productReviews(db(), "strips")).reviews;
    expect(shown?.title).toBe("<script>alert(1)</script>");
    expect(shown?.body).toBe("<img src=x onerror=alert(1)> works\nwell");
  });

  it("gives the demo shop reviews by its shoppers of what was delivered to them, once", async () => {
    await createProduct(db(), { id: "strips", variants: [{ id: "strips-1", pricePence: 3999 }] });
    await createProduct(db(), { id: "paste", variants: [{ id: "paste-1", pricePence: 1499 }] });
    const now = new Date("2026-11-20T12:00:00Z");
    await seedDemoHistory(db(), { orders: 120, days: 60, shoppers: 30, pricing: shopPricing, now });
    const added = await seedDemoReviews(db(), now);
    expect(added).toBeGreaterThan(5);
    expect(await seedDemoReviews(db(), now)).toBe(0);
    const written = await db()
      .select({
        userId: reviews.userId,
        productId: reviews.productId,
        title: reviews.title,
        body: reviews.body,
        createdAt: reviews.createdAt,
      })
      .from(reviews);
    expect(written).toHaveLength(added);
    // They read like different people's: on each product, hardly a text said twice.
    for (const productId of ["strips", "paste"]) {
      const texts = written
        .filter((review) => review.productId === productId)
        .map((review) => `${review.title}|${review.body}`);
      expect(new Set(texts).size, productId).toBeGreaterThanOrEqual(texts.length * 0.9);
    }
    for (const review of written) {
      // The same rule as any review: the shopper bought it (here: it was delivered).
      expect(await hasBought(db(), review.userId, review.productId)).toBe(true);
      expect(review.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    // The figures kept on each product agree with its reviews.
    const kept = await db().execute(
      sql`select count(*) filter (where p.review_count <> coalesce(r.count, 0) or p.review_star_total <> coalesce(r.stars, 0))::int as wrong
          from products p left join (select product_id, count(*)::int as count, sum(rating)::int as stars from reviews where hidden_at is null group by product_id) r on r.product_id = p.id`,
    );
    expect((kept as unknown as { rows: Array<{ wrong: number }> }).rows[0]?.wrong).toBe(0);
  });
});
