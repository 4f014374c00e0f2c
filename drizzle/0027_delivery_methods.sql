CREATE TABLE "delivery_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"standard" boolean DEFAULT false NOT NULL,
	"price_pence" integer,
	"free_over_pence" integer,
	"min_working_days" integer NOT NULL,
	"max_working_days" integer NOT NULL,
	"cutoff_minutes" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_methods_standard_priced_by_settings" CHECK (("delivery_methods"."standard" and "delivery_methods"."price_pence" is null and "delivery_methods"."free_over_pence" is null and "delivery_methods"."active") or (not "delivery_methods"."standard" and "delivery_methods"."price_pence" is not null)),
	CONSTRAINT "delivery_methods_figures" CHECK (coalesce("delivery_methods"."price_pence", 0) >= 0 and coalesce("delivery_methods"."free_over_pence", 0) >= 0 and "delivery_methods"."min_working_days" >= 1 and "delivery_methods"."max_working_days" >= "delivery_methods"."min_working_days" and "delivery_methods"."cutoff_minutes" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_to" date;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_methods_one_standard_idx" ON "delivery_methods" USING btree ("standard") WHERE "delivery_methods"."standard";--> statement-breakpoint
-- The shop's first three ways to deliver (docs/decisions/042): the standard delivery, priced by the settings, then express and the next working day, each leaving the same day when paid before 2pm.
INSERT INTO "delivery_methods" ("id", "name", "standard", "price_pence", "free_over_pence", "min_working_days", "max_working_days", "cutoff_minutes", "position") VALUES
	('standard', 'Standard delivery', true, NULL, NULL, 5, 7, 840, 0),
	('express', 'Express delivery', false, 599, NULL, 2, 3, 840, 1),
	('next-working-day', 'Next working day', false, 999, NULL, 1, 1, 840, 2);
