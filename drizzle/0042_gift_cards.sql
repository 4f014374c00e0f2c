CREATE TABLE "gift_card_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"gift_card_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"balance_after_pence" integer NOT NULL,
	"order_id" text,
	"reason" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"initial_pence" integer NOT NULL,
	"balance_pence" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"recipient_email" text,
	"recipient_name" text,
	"sender_name" text,
	"message" text,
	"send_on" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"issued_by" text,
	"order_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_balance_in_range" CHECK ("gift_cards"."initial_pence" > 0 and "gift_cards"."balance_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gift_card_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_entries_card_idx" ON "gift_card_entries" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_entries_order_idx" ON "gift_card_entries" USING btree ("order_id") WHERE "gift_card_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_idx" ON "gift_cards" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_cards_created_at_idx" ON "gift_cards" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_card_within_total" CHECK ("orders"."gift_card_pence" >= 0 and "orders"."gift_card_pence" <= "orders"."total_pence");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_gift_card_within_amount" CHECK ("refunds"."gift_card_pence" >= 0 and "refunds"."gift_card_pence" <= "refunds"."amount_pence");