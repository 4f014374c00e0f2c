-- Gift card codes kept as a keyed hash (docs/decisions/079-gift-card-codes-hashed.md). The hash
-- needs a secret the database does not hold, so the plain codes are hashed by the application at
-- its next start (server/gift-cards/gift-card-codes.ts), which then empties `code`.
DROP INDEX "gift_cards_code_idx";--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "last_four" text;--> statement-breakpoint
UPDATE "gift_cards" SET "last_four" = right("code", 4);--> statement-breakpoint
ALTER TABLE "gift_cards" ALTER COLUMN "last_four" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "code_sealed" text;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_idx" ON "gift_cards" USING btree ("code_hash");
