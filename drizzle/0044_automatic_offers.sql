ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_codes_amount_of_kind";--> statement-breakpoint
ALTER TABLE "discount_codes" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "buy_quantity" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "get_quantity" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "spend_over_pence" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "gift_product_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_title" text;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_code_or_offer" CHECK (("discount_codes"."code" is not null and "discount_codes"."title" is null and "discount_codes"."kind" in ('percent', 'fixed', 'free_delivery')) or ("discount_codes"."code" is null and "discount_codes"."title" is not null and "discount_codes"."kind" in ('buy_get', 'spend_get')));--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_amount_of_kind" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."percent_off" between 1 and 100) or ("discount_codes"."kind" = 'fixed' and "discount_codes"."amount_off_pence" > 0) or "discount_codes"."kind" = 'free_delivery' or ("discount_codes"."kind" = 'buy_get' and "discount_codes"."percent_off" between 1 and 100 and "discount_codes"."buy_quantity" >= 1 and "discount_codes"."get_quantity" >= 1) or ("discount_codes"."kind" = 'spend_get' and "discount_codes"."spend_over_pence" >= 0 and "discount_codes"."gift_product_id" is not null));