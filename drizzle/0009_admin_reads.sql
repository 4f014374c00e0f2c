-- The admin's reads at 10,000 orders and more (issue 12).
--
-- 1. The order search: "contains" matches on an order's id, email and name use trigram indexes
--    instead of reading every order. pg_trgm is a trusted extension (PostgreSQL 13+: a database
--    owner may create it) and PGlite loads it (server/db/client.ts). fastupdate is off: PGlite
--    runs no autovacuum, and a GIN index's pending list, never merged, made searches slower than
--    reading the table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_id_trgm_idx" ON "orders" USING gin ("id" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_customer_full_name_trgm_idx" ON "orders" USING gin ("customer_full_name" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- 2. "The shop's figures changed": any write to the tables the overview and analytics read sends
--    a notification when its transaction commits (never before, never for one rolled back), so a
--    process that keeps the figures knows when to read them again (server/admin/figures-cache.ts).
--    One per statement, and PostgreSQL folds a transaction's identical notifications into one.
CREATE OR REPLACE FUNCTION shop_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_figures_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION shop_figures_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION shop_figures_changed();
--> statement-breakpoint
CREATE TRIGGER products_figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION shop_figures_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants"
  FOR EACH STATEMENT EXECUTE FUNCTION shop_figures_changed();
