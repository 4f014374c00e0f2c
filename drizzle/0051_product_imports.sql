CREATE TABLE "product_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"digest" text NOT NULL,
	"file_base64" text,
	"started_by" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"products_total" integer DEFAULT 0 NOT NULL,
	"next_product" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer DEFAULT 0 NOT NULL,
	"rows_left_out" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_imports_running_digest_idx" ON "product_imports" USING btree ("digest") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "product_imports_created_idx" ON "product_imports" USING btree ("created_at");