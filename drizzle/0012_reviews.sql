CREATE TABLE "review_reports" (
	"review_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_star_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_id_user_id_idx" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_id_created_at_idx" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_id_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
-- A product's visible reviews and their stars, kept on the product as reviews change (issue 13
-- item 6): cards, search results and the featured block read two columns instead of counting
-- reviews per card. Changes are applied as differences (count + 1, stars + rating), which stay
-- right when two customers review the same product at once (a recount read from the trigger's
-- snapshot could miss the other's review). Hidden reviews count nowhere; a product's deletion
-- takes its reviews with it, an account's deletion its reviews and their share of the figures.
CREATE OR REPLACE FUNCTION reviews_keep_product_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id AND OLD.rating = NEW.rating
    AND (OLD.hidden_at IS NULL) = (NEW.hidden_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.hidden_at IS NULL THEN
    UPDATE products
      SET review_count = review_count - 1, review_star_total = review_star_total - OLD.rating
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.hidden_at IS NULL THEN
    UPDATE products
      SET review_count = review_count + 1, review_star_total = review_star_total + NEW.rating
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_product_figures
  AFTER INSERT OR DELETE OR UPDATE OF product_id, rating, hidden_at ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_product_figures();
