import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { formatLongDate } from "../../common/dates";
import { purchasedStatuses } from "../../common/orders/order-types";
import {
  NOT_A_BUYER,
  REVIEWS_PAGE_SIZE,
  ratingOf,
  reviewerName,
} from "../../common/reviews/ratings";
import type { ReviewInput } from "../../common/reviews/review-form";
import type { ProductReviewsView } from "../../common/reviews/review-types";
import { type Actor, recordAudit } from "../audit/audit-log";
import { users } from "../auth/schema";
import { productTag } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import { products } from "../catalog/schema";
import type { Database } from "../db/database";
import { preparedStatements } from "../db/prepared";
import { DomainError } from "../errors";
import { readEachUntilShopChanges, shopChanged } from "../events/shop-changed";
import { orderItems, orders } from "../orders/schema";
import { reviewReports, reviews } from "./schema";

// Reviews from real buyers: only a customer whose paid (or later) order contains the
// product may write one, one per product, and edit or delete it. Every function takes the
// signed-in customer's id from the session, never from the request. The product's count and star
// total follow every change by a trigger (migration 0012); a change here empties the page cache.

/** Whether the customer bought the product: one of their paid (or later) orders holds it. */
export async function hasBought(db: Database, userId: string, productId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...purchasedStatuses]),
        eq(orderItems.productId, productId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type OwnReview = {
  id: string;
  rating: number;
  title: string;
  body: string;
  hidden: boolean;
};

/** The customer's own review of a product (hidden ones too, so they can still edit them). */
export async function ownReview(
  db: Database,
  userId: string,
  productId: string,
): Promise<OwnReview | null> {
  const [row] = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  if (!row) return null;
  const { hiddenAt, ...review } = row;
  return { ...review, hidden: hiddenAt !== null };
}

/**
 * Writes the customer's review of a product, or replaces their earlier one (one per customer and
 * product). Refused unless they bought it; a review an admin hid stays hidden when edited.
 */
export async function saveReview(
  db: Database,
  userId: string,
  productId: string,
  input: ReviewInput,
): Promise<{ id: string; created: boolean }> {
  const result = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.active, true)));
    if (!product) throw new DomainError("NOT_FOUND", "Product not found.");
    if (!(await hasBought(tx, userId, productId))) throw new DomainError("FORBIDDEN", NOT_A_BUYER);
    const [row] = await tx
      .insert(reviews)
      .values({ productId, userId, ...input })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { ...input, updatedAt: new Date() },
      })
      // xmax is 0 for a row this statement inserted, set for one it updated.
      .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error("review not written");
    await enqueuePurge(tx, [productTag(productId)]);
    return row;
  });
  shopChanged();
  return result;
}

/** Deletes the customer's review of a product; deleting one that isn't there changes nothing. */
export async function deleteReview(db: Database, userId: string, productId: string) {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(reviews)
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
      .returning({ id: reviews.id });
    if (rows.length > 0) await enqueuePurge(tx, [productTag(productId)]);
    return rows;
  });
  if (deleted.length > 0) shopChanged();
}

const visible = isNull(reviews.hiddenAt);

/**
 * A product's visible reviews, newest first, a page at a time, optionally only those with a given
 * number of stars; with the average, count and per-star distribution of all its visible reviews.
 */
const forProduct = and(eq(reviews.productId, sql.placeholder("productId")), visible);

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  fullName: users.name,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

/** A page of a product's visible reviews, newest first, with their writers' names. */
function reviewsPage(db: Database, where: SQL | undefined, name: string) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name);
}

/** As long as the settings (server/settings/shop-settings.ts): a change elsewhere shows within it. */
const REVIEWS_KEPT_MS = 5_000;
/** Pages of reviews kept per database: the busiest products' first pages and filters. */
const REVIEWS_KEPT_PAGES = 1_000;

/** The product page's reads, prepared. */
const statements = preparedStatements((db: Database) => ({
  perStar: db
    .select({ rating: reviews.rating, reviews: count() })
    .from(reviews)
    .where(forProduct)
    .groupBy(reviews.rating)
    .prepare("reviews_per_star"),
  page: reviewsPage(db, forProduct, "reviews_page"),
  pageWithStars: reviewsPage(
    db,
    and(forProduct, eq(reviews.rating, sql.placeholder("stars"))),
    "reviews_page_with_stars",
  ),
}));

type ReviewsOptions = { page?: number; stars?: number };

/**
 * A product's reviews as its page shows them, kept until the shop changes (a review saved, deleted,
 * hidden or shown says so) and at most REVIEWS_KEPT_MS, which bounds what no notification covers:
 * a reviewer's new name, an account deleted. Decision record 056.
 */
export const productReviews = readEachUntilShopChanges(
  REVIEWS_KEPT_MS,
  REVIEWS_KEPT_PAGES,
  (productId: string, options: ReviewsOptions = {}) =>
    `${productId} ${options.stars ?? ""} ${options.page ?? 1}`,
  readProductReviews,
);

async function readProductReviews(
  db: Database,
  productId: string,
  options: ReviewsOptions = {},
): Promise<ProductReviewsView> {
  const prepared = statements(db);
  const perStar = await prepared.perStar.execute({ productId });
  const distribution: ProductReviewsView["distribution"] = [0, 0, 0, 0, 0];
  for (const row of perStar) distribution[row.rating - 1] = row.reviews;
  // The same visible reviews the trigger counts on the product: one read gives both.
  const total = distribution.reduce((sum, n) => sum + n, 0);
  const starTotal = distribution.reduce((sum, n, index) => sum + n * (index + 1), 0);
  const matching = options.stars ? (distribution[options.stars - 1] ?? 0) : total;
  const pageCount = Math.max(1, Math.ceil(matching / REVIEWS_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  const slice = { productId, limit: REVIEWS_PAGE_SIZE, offset: (page - 1) * REVIEWS_PAGE_SIZE };
  const rows = options.stars
    ? await prepared.pageWithStars.execute({ ...slice, stars: options.stars })
    : await prepared.page.execute(slice);
  return {
    rating: ratingOf(total, starTotal),
    distribution,
    reviews: rows.map(({ fullName, updatedAt, ...row }) => ({
      ...row,
      reviewer: reviewerName(fullName),
      createdOn: formatLongDate(row.createdAt),
      // A minute's grace: the first save's own timestamps differ by microseconds.
      edited: updatedAt.getTime() - row.createdAt.getTime() > 60_000,
    })),
    stars: options.stars ?? null,
    matching,
    page,
    pageCount,
  };
}

/**
 * A customer reports a review (not their own), once: the review is flagged for the admin. Reporting
 * the same review again is refused.
 */
export async function reportReview(
  db: Database,
  userId: string,
  reviewId: string,
  reason: string | null,
) {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: reviews.userId })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), visible));
    if (!review) throw new DomainError("NOT_FOUND", "Review not found.");
    if (review.userId === userId) {
      throw new DomainError("BAD_REQUEST", "You cannot report your own review.");
    }
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId, userId, reason })
      .onConflictDoNothing()
      .returning({ reviewId: reviewReports.reviewId });
    if (inserted.length === 0) {
      throw new DomainError("CONFLICT", "You have already reported this review.");
    }
    await tx
      .update(reviews)
      .set({ reportedAt: sql`coalesce(${reviews.reportedAt}, now())` })
      .where(eq(reviews.id, reviewId));
  });
}

/** An admin hides a review (it then counts nowhere) or shows it again, with a reason; audited. */
export async function setReviewHidden(
  db: Database,
  actor: Actor,
  reviewId: string,
  hide: boolean,
  reason: string,
) {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        hiddenAt: reviews.hiddenAt,
        hiddenReason: reviews.hiddenReason,
        productId: reviews.productId,
      })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!review) throw new DomainError("NOT_FOUND", "Review not found.");
    if ((review.hiddenAt !== null) === hide) {
      throw new DomainError(
        "CONFLICT",
        hide ? "This review is already hidden." : "This review is already shown.",
      );
    }
    await tx
      .update(reviews)
      .set(
        hide
          ? { hiddenAt: new Date(), hiddenReason: reason }
          : // Shown again: the reports it had are settled.
            { hiddenAt: null, hiddenReason: null, reportedAt: null },
      )
      .where(eq(reviews.id, reviewId));
    await enqueuePurge(tx, [productTag(review.productId)]);
    await recordAudit(tx, {
      actor,
      action: hide ? "review.hidden" : "review.shown",
      entity: { type: "review", id: reviewId },
      before: { hidden: review.hiddenAt !== null },
      after: { hidden: hide },
      reason,
    });
  });
  shopChanged();
}

export const reviewModerationFilters = ["all", "reported", "hidden"] as const;
export type ReviewModerationFilter = (typeof reviewModerationFilters)[number];

const ADMIN_REVIEWS_PAGE_SIZE = 25;

/**
 * Reviews for the admin's moderation screen, newest first: every review, those reported (and
 * still shown), or those hidden; with the product, the reviewer and how many reported it.
 */
export async function listReviewsForModeration(
  db: Database,
  filter: ReviewModerationFilter,
  page = 1,
) {
  const where =
    filter === "reported"
      ? and(visible, isNotNull(reviews.reportedAt))
      : filter === "hidden"
        ? isNotNull(reviews.hiddenAt)
        : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ reviews: count() }).from(reviews).where(where),
    db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        productName: products.name,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        reviewerName: users.name,
        reviewerEmail: users.email,
        createdAt: reviews.createdAt,
        hiddenAt: reviews.hiddenAt,
        hiddenReason: reviews.hiddenReason,
        reportedAt: reviews.reportedAt,
        reports: sql<number>`(select count(*)::int from review_reports as report where report.review_id = "reviews"."id")`,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * ADMIN_REVIEWS_PAGE_SIZE),
  ]);
  const matching = total?.reviews ?? 0;
  return {
    reviews: rows,
    total: matching,
    page: Math.max(1, page),
    pageCount: Math.max(1, Math.ceil(matching / ADMIN_REVIEWS_PAGE_SIZE)),
  };
}
