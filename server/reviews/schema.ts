import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { products } from "../catalog/schema";
import { timestamps } from "../db/columns";

// Reviews from real buyers (docs/architecture.md#data, docs/product.md#beyond-a-brochure-site): one per customer and product, written
// only by a customer with a paid (or later) order containing the product; the rule is checked by
// server/reviews. A hidden review counts nowhere. The product's count and star total are kept on
// the product by a trigger (migration 0012), so a card costs no extra query.

export const reviews = pgTable(
  "reviews",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // Deleting an account deletes its reviews (and the trigger takes them out of the figures).
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    /** Plain text, shown as text: never rendered as HTML. */
    body: text("body").notNull(),
    /** Set by an admin: the review counts nowhere and shows only on the admin's screen. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    /** When a customer first reported it: flagged for the admin until hidden or shown again. */
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("reviews_product_id_user_id_idx").on(table.productId, table.userId),
    // The product page: visible reviews, newest first.
    index("reviews_product_id_created_at_idx").on(table.productId, table.createdAt),
    index("reviews_user_id_idx").on(table.userId),
    check("reviews_rating_check", sql`${table.rating} between 1 and 5`),
  ],
);

/** A customer's report of a review: once per customer and review. */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: text("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);
