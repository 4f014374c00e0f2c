CREATE TABLE "product_counts" (
	"scope" text PRIMARY KEY NOT NULL,
	"on_sale" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The counts follow every write to products (issue 15): each statement adds what it put on sale
-- and takes away what it took off, per scope ("" for the whole shop, and the product's category),
-- whatever changed: an insert, a delete, the active flag, the category (a deleted category sets
-- its products' category to null, which is an update here too). Statement triggers with
-- transition tables, so a bulk load adds its thousands of products in one update per scope.
-- Scopes are written in order, so two transactions never wait for each other's rows crosswise.
CREATE OR REPLACE FUNCTION products_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM product_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts AS c (scope, on_sale)
      SELECT s.scope, count(*) FROM new_products n
        CROSS JOIN LATERAL unnest(ARRAY['', n.category_id]) AS s(scope)
      WHERE n.active AND s.scope IS NOT NULL GROUP BY s.scope ORDER BY s.scope
      ON CONFLICT (scope) DO UPDATE SET on_sale = c.on_sale + excluded.on_sale;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_counts AS c (scope, on_sale)
      SELECT s.scope, -count(*) FROM old_products o
        CROSS JOIN LATERAL unnest(ARRAY['', o.category_id]) AS s(scope)
      WHERE o.active AND s.scope IS NOT NULL GROUP BY s.scope ORDER BY s.scope
      ON CONFLICT (scope) DO UPDATE SET on_sale = c.on_sale + excluded.on_sale;
  ELSE
    INSERT INTO product_counts AS c (scope, on_sale)
      SELECT scope, sum(delta) FROM (
        SELECT s.scope, -1 AS delta FROM old_products o
          CROSS JOIN LATERAL unnest(ARRAY['', o.category_id]) AS s(scope)
        WHERE o.active AND s.scope IS NOT NULL
        UNION ALL
        SELECT s.scope, 1 FROM new_products n
          CROSS JOIN LATERAL unnest(ARRAY['', n.category_id]) AS s(scope)
        WHERE n.active AND s.scope IS NOT NULL
      ) changes
      GROUP BY scope HAVING sum(delta) <> 0 ORDER BY scope
      ON CONFLICT (scope) DO UPDATE SET on_sale = c.on_sale + excluded.on_sale;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_counts_insert AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION products_keep_counts();
--> statement-breakpoint
CREATE TRIGGER products_counts_update AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_keep_counts();
--> statement-breakpoint
CREATE TRIGGER products_counts_delete AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION products_keep_counts();
--> statement-breakpoint
CREATE TRIGGER products_counts_truncate AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION products_keep_counts();
--> statement-breakpoint
INSERT INTO product_counts (scope, on_sale)
  SELECT s.scope, count(*) FROM products p CROSS JOIN LATERAL unnest(ARRAY['', p.category_id]) AS s(scope)
  WHERE p.active AND s.scope IS NOT NULL GROUP BY s.scope;
