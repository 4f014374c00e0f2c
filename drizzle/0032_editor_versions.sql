ALTER TABLE "delivery_methods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_version" integer;