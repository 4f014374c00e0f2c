import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { giftCardEmail } from "../email/gift-card-templates";
import { queueEmail } from "../email/outbox";
import type { JobHandler } from "../jobs/job-queue";
import { type Brand, emailBrand } from "../settings/shop-settings";
import { giftCards } from "./schema";

/**
 * `send-gift-card`: on the card's day, its email to the person it is for, once: the email is
 * queued and the card marked sent in one transaction, so a job run again sends nothing more. A
 * card disabled before its day is not sent (the admin may enable it and send it by hand later).
 */
export function sendGiftCardJob(
  db: Database,
  brandOf: () => Promise<Brand> = () => emailBrand(db),
): JobHandler {
  return {
    maxAttempts: 10,
    async run(job, { now, done }) {
      const brand = await brandOf();
      await db.transaction(async (tx) => {
        const [card] = await tx
          .update(giftCards)
          .set({ sentAt: now })
          .where(
            and(
              eq(giftCards.id, job.subjectId),
              eq(giftCards.status, "active"),
              isNull(giftCards.sentAt),
            ),
          )
          .returning();
        if (card?.recipientEmail) {
          await queueEmail(
            tx,
            "gift-card",
            giftCardEmail(brand, {
              code: card.code,
              initialPence: card.initialPence,
              balancePence: card.balancePence,
              recipientEmail: card.recipientEmail,
              recipientName: card.recipientName,
              senderName: card.senderName,
              message: card.message,
            }),
          );
        }
        await done(tx);
      });
      return undefined;
    },
  };
}
