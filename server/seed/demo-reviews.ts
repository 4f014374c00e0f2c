import { and, count, eq, like, max, sql } from "drizzle-orm";
import { reviewForm } from "../../common/reviews/review-form";
import type { Database } from "../db/database";
import { orderItems, orders } from "../orders/schema";
import { reviews } from "../reviews/schema";

// Reviews for the demo shop: some of the demo history's shoppers review what
// was delivered to them, a few days after it arrived, so ratings show out of the box. They are
// real rows under the same rules as any review: only for a product in one of the shopper's
// delivered orders, one per shopper and product, the text through the review form's schema; the
// product's figures follow through the trigger like any other. Deterministic (a hash of the
// shopper and product decides), and loaded once: not when any review exists.

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 500;

/** Share of delivered shopper-product pairs that get a review. */
const REVIEW_SHARE = 0.45;

// A review's text is put together from a title and three sentences chosen by hashes, so the demo
// shop's reviews read like different people's, not the same few texts under many names.
type Band = { titles: string[]; openings: string[]; closings: string[] };

const BANDS: Record<number, Band> = {
  5: {
    titles: [
      "Visibly whiter in a week",
      "Easy to use, great results",
      "Better than the dentist's kit",
      "My coffee stains are gone",
      "Worth every penny",
      "Finally something that works",
      "Wedding-ready smile",
      "No sensitivity at all",
      "Impressed",
      "Brilliant, will buy again",
    ],
    openings: [
      "I noticed a difference after five days and friends commented by the end of the week.",
      "Three cups of coffee a day had left their mark, and two weeks in my teeth look the way they did years ago.",
      "I have tried a few whitening products and this is the first one where I could see the change in photos.",
      "Bought it before a wedding and my smile looked noticeably brighter on the day.",
      "Gentler than the trays I had before and the shade change was just as good.",
      "My dentist asked what I had been using at my last check-up.",
      "I was sceptical, but the shade guide does not lie: about three shades lighter.",
    ],
    closings: [
      "Already ordered again.",
      "I have recommended it to my sister.",
      "Really pleased.",
      "Will be keeping a pack in the cupboard from now on.",
      "Five stars from me.",
      "Happy customer.",
    ],
  },
  4: {
    titles: [
      "Good results, slow start",
      "Does what it says",
      "Pleased overall",
      "Nice gradual change",
      "Solid product",
      "Happy with it",
    ],
    openings: [
      "It took about ten days before I saw a real change, but my smile is definitely brighter now.",
      "Nice gradual whitening and no sensitivity.",
      "A clear improvement by the end of the course.",
      "Not an overnight miracle, but a steady difference week by week.",
      "My teeth are a couple of shades lighter and it was easy to fit in.",
    ],
    closings: [
      "I would like a slightly bigger pack for the price.",
      "Slightly fiddly at first but easy once you get used to it.",
      "I knocked off a star only because it took a while to show.",
      "Would buy again when it is on offer.",
    ],
  },
  3: {
    titles: ["Some difference", "Okay, not amazing", "Middle of the road", "Subtle results"],
    openings: [
      "A mild improvement after two weeks.",
      "I can see a small change in good light, less so otherwise.",
      "Did a little for me, though my teeth were not very stained to begin with.",
    ],
    closings: [
      "Pleasant to use, though I hoped for a bigger change.",
      "Fine, but I am not sure I would buy it again.",
      "It might suit someone with more staining than me.",
    ],
  },
  2: {
    titles: ["Not much change for me", "Underwhelmed", "Expected more"],
    openings: [
      "I used it as directed for the full course and saw only a small difference.",
      "Hard to tell any change after two weeks.",
    ],
    closings: ["Delivery was quick though.", "The customer service team were friendly at least."],
  },
  1: {
    titles: ["Not for sensitive teeth", "Did not suit me"],
    openings: [
      "My teeth felt sensitive after a few days so I stopped.",
      "It made my gums sore and I gave up after the third day.",
    ],
    closings: [
      "Customer service were helpful with the return.",
      "The refund came through quickly, to be fair.",
    ],
  },
};

/** A sentence about the order itself, said by reviews of any rating. */
const MIDDLES = [
  "Delivery took two days and it came well packed.",
  "The instructions were clear and the first use took a few minutes.",
  "I used it in the evenings after brushing.",
  "It fits easily into a morning routine.",
  "The packaging is neat and there is no mess.",
  "It tastes of mint rather than chemicals.",
  "",
  "",
];

function pick<T>(list: readonly T[], roll: number): T | undefined {
  return list[Math.floor(roll * list.length)];
}

/** The review a shopper would write of a product at `rating`, different for each pair. */
function reviewText(key: string, rating: number): { title: string; body: string } | null {
  const band = BANDS[rating];
  if (!band) return null;
  const title = pick(band.titles, unitHash(`${key}:title`));
  const sentences = [
    pick(band.openings, unitHash(`${key}:opening`)),
    pick(MIDDLES, unitHash(`${key}:middle`)),
    pick(band.closings, unitHash(`${key}:closing`)),
  ].filter((sentence): sentence is string => Boolean(sentence));
  return title ? { title, body: sentences.join(" ") } : null;
}

/** FNV-1a: a repeatable number from 0 to 1 for a text (not for secrets). */
function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 4294967296;
}

/** Mostly happy, as real reviews of a product people reorder tend to be. */
function ratingFor(roll: number): number {
  if (roll < 0.55) return 5;
  if (roll < 0.83) return 4;
  if (roll < 0.93) return 3;
  if (roll < 0.97) return 2;
  return 1;
}

/** Writes the demo shoppers' reviews unless the shop has any review; returns how many. */
export async function seedDemoReviews(db: Database, now = new Date()): Promise<number> {
  const [existing] = await db.select({ reviews: count() }).from(reviews);
  if ((existing?.reviews ?? 0) > 0) return 0;
  // Every demo shopper and product they had delivered, with the last delivery's order date.
  const delivered = await db
    .select({
      userId: orders.userId,
      productId: orderItems.productId,
      orderedAt: max(orders.createdAt),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(like(orders.id, "demo-h-%"), eq(orders.status, "delivered")))
    .groupBy(orders.userId, orderItems.productId)
    .orderBy(orders.userId, orderItems.productId);
  const rows: (typeof reviews.$inferInsert)[] = [];
  for (const pair of delivered) {
    if (!pair.userId || !pair.orderedAt) continue;
    const key = `${pair.userId}:${pair.productId}`;
    if (unitHash(key) >= REVIEW_SHARE) continue;
    const rating = ratingFor(unitHash(`${key}:rating`));
    const text = reviewText(key, rating);
    if (!text) continue;
    // Written three to ten days after ordering: a shopper whose day has not come yet has not.
    const writtenAt = new Date(
      new Date(pair.orderedAt).getTime() + (3 + unitHash(`${key}:day`) * 7) * DAY,
    );
    if (writtenAt > now) continue;
    rows.push({
      userId: pair.userId,
      productId: pair.productId,
      ...reviewForm.parse({ rating, ...text }),
      createdAt: writtenAt,
      updatedAt: writtenAt,
    });
  }
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insert(reviews)
      .values(rows.slice(start, start + BATCH))
      .onConflictDoNothing();
  }
  if (rows.length > 0) await db.execute(sql`analyze reviews`);
  return rows.length;
}
