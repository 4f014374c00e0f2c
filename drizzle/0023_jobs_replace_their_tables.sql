ALTER TABLE "payment_tasks" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "payment_tasks" CASCADE;--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "leased_until";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "last_error";