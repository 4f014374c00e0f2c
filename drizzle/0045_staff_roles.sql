ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- Every admin so far could do everything: each becomes an owner.
UPDATE "users" SET "staff_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_of_admins" CHECK (("users"."role" = 'admin') = ("users"."staff_role" is not null));
