CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words a product can be found by when a search's words match nothing (issue 15, typo
-- tolerance): those of its name and its description's text, as the search document holds them
-- but not stemmed, lower case, letters and digits only, three to forty characters, and not those
-- the search leaves out ("the", "for").
CREATE OR REPLACE FUNCTION product_search_words(name text, description_html text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(w ORDER BY w), '{}')
  FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
    name || ' ' || regexp_replace(description_html, '<[^>]*>', ' ', 'g')))) AS w
  WHERE w ~ '^[[:alnum:]]{3,40}$' AND to_tsvector('english'::regconfig, w) <> ''::tsvector
$$;
--> statement-breakpoint
-- The counts follow every write to products, as product_counts do (migration 0015): statement
-- triggers with transition tables, so a bulk load adds its words in one statement; an update
-- counts only the products whose name, description or sale changed. Words are written in order,
-- so two transactions never wait for each other's rows crosswise; a word no product holds any
-- more is deleted. An update that changes no product's words (a price, a review count) writes
-- nothing here.
CREATE OR REPLACE FUNCTION products_keep_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM search_words;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO search_words AS s (word, products)
      SELECT w.word, count(*) FROM new_products n
        CROSS JOIN LATERAL unnest(product_search_words(n.name, n.description_html)) AS w(word)
      WHERE n.active GROUP BY w.word ORDER BY w.word
      ON CONFLICT (word) DO UPDATE SET products = s.products + excluded.products;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_words AS s (word, products)
      SELECT w.word, -count(*) FROM old_products o
        CROSS JOIN LATERAL unnest(product_search_words(o.name, o.description_html)) AS w(word)
      WHERE o.active GROUP BY w.word ORDER BY w.word
      ON CONFLICT (word) DO UPDATE SET products = s.products + excluded.products;
  ELSE
    INSERT INTO search_words AS s (word, products)
      SELECT word, sum(delta) FROM (
        SELECT w.word, -1 AS delta FROM old_products o JOIN new_products n ON n.id = o.id
          CROSS JOIN LATERAL unnest(product_search_words(o.name, o.description_html)) AS w(word)
        WHERE o.active AND (o.name, o.description_html, o.active)
          IS DISTINCT FROM (n.name, n.description_html, n.active)
        UNION ALL
        SELECT w.word, 1 FROM new_products n JOIN old_products o ON o.id = n.id
          CROSS JOIN LATERAL unnest(product_search_words(n.name, n.description_html)) AS w(word)
        WHERE n.active AND (o.name, o.description_html, o.active)
          IS DISTINCT FROM (n.name, n.description_html, n.active)
      ) changes
      GROUP BY word HAVING sum(delta) <> 0 ORDER BY word
      ON CONFLICT (word) DO UPDATE SET products = s.products + excluded.products;
  END IF;
  -- Only after a count went down (an update that changed no product's words wrote nothing).
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    DELETE FROM search_words WHERE products <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION products_keep_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_keep_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION products_keep_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_truncate AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION products_keep_search_words();
--> statement-breakpoint
INSERT INTO search_words (word, products)
  SELECT w.word, count(*) FROM products p
    CROSS JOIN LATERAL unnest(product_search_words(p.name, p.description_html)) AS w(word)
  WHERE p.active GROUP BY w.word;
