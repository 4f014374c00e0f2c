-- The announcement bar's three messages move from the shop's settings to the home page's content
-- (decision record 075), where they have a preview and a history. A message the owner wrote stays
-- theirs; one left empty was written from the offers, which the home page's starting text now says
-- with the settings' words in braces. Every saved version of the home page gets the messages, and
-- a shop that wrote some but never saved its home page gets them as its first version.
WITH "starting" ("at", "message") AS (
  VALUES
    (0, 'Free shipping on orders over {freeShippingOver}'),
    (1, 'Enamel-Safe Dentist Recommended Formula'),
    (2, 'Get {firstOrderDiscount} off your first order')
),
"written" AS (
  SELECT "starting"."at", "starting"."message",
    nullif(btrim("shop_settings"."value" -> 'announcementOverrides' ->> "starting"."at"), '') AS "own"
  FROM "starting"
  LEFT JOIN "shop_settings" ON "shop_settings"."key" = 'shop'
),
"messages" AS (
  SELECT jsonb_agg(coalesce("own", "message") ORDER BY "at") AS "list",
    bool_or("own" IS NOT NULL) AS "any_own"
  FROM "written"
),
"versions" AS (
  UPDATE "page_versions" SET "content" = "page_versions"."content" || jsonb_build_object('announcements', "messages"."list")
  FROM "messages"
  WHERE "page_versions"."page" = 'home' AND "page_versions"."content" -> 'announcements' IS NULL
  RETURNING 1
)
INSERT INTO "page_versions" ("page", "version", "content")
SELECT 'home', 1, jsonb_build_object(
  'heroTitle', 'A brighter smile, the gentle way',
  'heroText', 'Enamel-safe whitening strips, toothpaste and pens, recommended by dentists. See a visible difference in 3-5 days, with results that last up to 12 months.',
  'announcements', "messages"."list"
)
FROM "messages"
WHERE "messages"."any_own" AND NOT EXISTS (SELECT 1 FROM "page_versions" WHERE "page" = 'home');
--> statement-breakpoint
UPDATE "shop_settings" SET "value" = "value" - 'announcementOverrides' WHERE "key" = 'shop';
