ALTER TABLE "product_variants" ADD COLUMN "option_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("sku") WHERE "product_variants"."sku" is not null;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_grams_range" CHECK ("product_variants"."grams" between 0 and 1000000);