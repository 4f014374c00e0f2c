import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { giftCardEmail } from "../email/gift-card-templates";
import { queueEmail } from "../email/outbox";
import type { JobHandler } from "../jobs/job-queue";
import { type Brand, emailBrand } from "../settings/shop-settings";
import { openGiftCardCode } from "./gift-card-codes";
import { giftCards } from "./schema";

/**
 * `send-gift-card`: on the card's day, its email to the person it is for, once: the email is
 * queued and the card marked sent, its sealed code dropped, in one transaction, so a job run
 * again sends nothing more. A
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
        // Its code, sealed until now, is written into the email and kept no more.
        const [card] = await tx
          .select()
          .from(giftCards)
          .where(
            and(
              eq(giftCards.id, job.subjectId),
              eq(giftCards.status, "active"),
              isNull(giftCards.sentAt),
            ),
          )
          .for("update");
        if (card) {
          await tx
            .update(giftCards)
            .set({ sentAt: now, codeSealed: null })
            .where(eq(giftCards.id, card.id));
        }
        if (card?.recipientEmail) {
          if (!card.codeSealed) throw new Error("the gift card's code was not kept for its email");
          await queueEmail(
            tx,
            "gift-card",
            giftCardEmail(brand, {
              code: openGiftCardCode(card.codeSealed),
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
