ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;