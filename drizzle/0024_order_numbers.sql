-- Order numbers people can read (GL-10001...; common/order-number.ts). Orders placed before get
-- theirs in the order they were placed; the sequence then carries on after the last.
CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "orders" SET "number" = 10000 + "numbered"."position"
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "position" FROM "orders") AS "numbered"
WHERE "numbered"."id" = "orders"."id";--> statement-breakpoint
SELECT setval('order_numbers', greatest(coalesce((SELECT max("number") FROM "orders"), 10000), 10000));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_numbers');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "order_numbers" OWNED BY "orders"."number";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");
