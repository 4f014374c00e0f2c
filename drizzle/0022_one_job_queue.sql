CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_subject_idx" ON "jobs" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_parked_idx" ON "jobs" USING btree ("updated_at") WHERE status = 'parked';--> statement-breakpoint
-- The work waiting in the four old mechanisms moves into the queue (docs/decisions/041-one-job-queue.md):
-- undelivered and parked emails, payment follow-ups, refunds the provider has not answered, and
-- unpaid orders (due at once: the expiry job reads the shop's time-out and waits if it is early).
INSERT INTO "jobs" ("id", "kind", "subject_id", "status", "attempts", "run_at", "last_error", "created_at", "updated_at")
SELECT gen_random_uuid()::text, 'send-email', "id",
       CASE "status" WHEN 'failed' THEN 'parked' ELSE 'queued' END,
       "attempts", "next_attempt_at", "last_error", "created_at", now()
FROM "email_outbox" WHERE "status" IN ('pending', 'failed');
--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "subject_id", "payload", "status", "attempts", "run_at", "last_error", "created_at", "updated_at")
SELECT gen_random_uuid()::text,
       CASE "kind" WHEN 'refund' THEN 'refund-late-payment' ELSE 'cancel-intent' END,
       "order_id", jsonb_build_object('provider', "provider", 'intentId', "intent_id"),
       CASE "status" WHEN 'failed' THEN 'parked' ELSE 'queued' END,
       "attempts", "next_attempt_at", "last_error", "created_at", now()
FROM "payment_tasks" WHERE "status" IN ('pending', 'failed');
--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "subject_id", "run_at")
SELECT gen_random_uuid()::text, 'finish-refund', "id", "updated_at" + interval '5 minutes'
FROM "refunds" WHERE "status" = 'pending' AND "attention" IS NULL;
--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "subject_id", "run_at")
SELECT gen_random_uuid()::text, 'expire-order', "id", "created_at"
FROM "orders" WHERE "status" = 'pending';
