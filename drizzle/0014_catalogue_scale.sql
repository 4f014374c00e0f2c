CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured_rank" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(description_html, '<[^>]*>', ' ', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("featured_rank" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_pence","id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id") WHERE active;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- The default variant's price kept on its product (issue 15): the price sort and the price filter
-- read products_price_idx instead of finding every product's oldest variant. The default is the
-- oldest variant (seed spec §3), so inserts, deletes and changes of a variant's price, age or
-- product recompute it; stock changes (every checkout) do not fire this trigger at all. The
-- product row is locked first so two admins changing one product's variants at once end right.
CREATE OR REPLACE FUNCTION product_variants_keep_product_price() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product text;
BEGIN
  FOR product IN
    SELECT DISTINCT p FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.product_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.product_id END
    ]) AS p WHERE p IS NOT NULL
  LOOP
    PERFORM 1 FROM products WHERE id = product FOR UPDATE;
    UPDATE products SET price_pence = coalesce((
        SELECT v.price_pence FROM product_variants v
        WHERE v.product_id = product ORDER BY v.created_at, v.id LIMIT 1
      ), 0)
      WHERE id = product AND price_pence IS DISTINCT FROM coalesce((
        SELECT v.price_pence FROM product_variants v
        WHERE v.product_id = product ORDER BY v.created_at, v.id LIMIT 1
      ), 0);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_product_price
  AFTER INSERT OR DELETE OR UPDATE OF product_id, price_pence, created_at ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION product_variants_keep_product_price();
--> statement-breakpoint
UPDATE products p SET price_pence = coalesce((
    SELECT v.price_pence FROM product_variants v
    WHERE v.product_id = p.id ORDER BY v.created_at, v.id LIMIT 1
  ), 0);
