CREATE TABLE "payment_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"intent_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_pending_checkout_key_idx";--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_order_discount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_tasks" ADD CONSTRAINT "payment_tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tasks_order_kind_idx" ON "payment_tasks" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "payment_tasks_due_idx" ON "payment_tasks" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- Data written before these rules existed: keep each customer's newest open order and cancel the
-- others (their stock back, their payment intents cancelled by the background job), and let one
-- discounted order per customer (the earliest still standing) hold the first-order claim.
WITH "ranked" AS (
	SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at" DESC, "id" DESC) AS "position"
	FROM "orders" WHERE "status" = 'pending' AND "user_id" IS NOT NULL
), "replaced" AS (
	UPDATE "orders" SET "status" = 'cancelled', "payment_error" = 'Replaced by a newer checkout.', "updated_at" = now()
	WHERE "id" IN (SELECT "id" FROM "ranked" WHERE "position" > 1)
	RETURNING "id", "payment_provider", "provider_intent_id"
), "released" AS (
	UPDATE "product_variants" AS "variant" SET "stock_quantity" = "variant"."stock_quantity" + "freed"."quantity"
	FROM (
		SELECT "item"."variant_id", sum("item"."quantity")::integer AS "quantity"
		FROM "order_items" AS "item" JOIN "replaced" ON "replaced"."id" = "item"."order_id"
		GROUP BY "item"."variant_id"
	) AS "freed"
	WHERE "variant"."id" = "freed"."variant_id"
	RETURNING "variant"."id"
)
INSERT INTO "payment_tasks" ("id", "order_id", "kind", "provider", "intent_id")
SELECT gen_random_uuid()::text, "id", 'cancel-intent', "payment_provider", "provider_intent_id"
FROM "replaced" WHERE "payment_provider" IS NOT NULL AND "provider_intent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "first_order_discount" = true WHERE "id" IN (
	SELECT DISTINCT ON ("user_id") "id" FROM "orders"
	WHERE "discount_pence" > 0 AND "status" <> 'cancelled' AND "user_id" IS NOT NULL
	ORDER BY "user_id", "created_at", "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_first_order_discount_idx" ON "orders" USING btree ("user_id") WHERE "orders"."first_order_discount" and "orders"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_max_per_order_range" CHECK ("product_variants"."max_per_order" between 1 and 20);