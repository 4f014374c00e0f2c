ALTER TABLE "products" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Every product made before drafts existed went on sale when it was made (an archived one too).
UPDATE "products" SET "published_at" = "created_at";
