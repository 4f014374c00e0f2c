-- The CSV export's inert rule (migration 0011) widened (issue 41 item 13): a spreadsheet also
-- runs a cell whose formula sign is a small or mathematical look-alike (﹦ U+FE66, ﹢ U+FE62,
-- ﹣ U+FE63, ﹫ U+FE6B, − U+2212), or one hidden behind characters that show nothing: spaces,
-- zero-width and direction marks (U+200B-U+200F, U+202A-U+202E, U+2060-U+2064, U+FEFF, U+00AD,
-- U+180E, U+061C). Such a cell gets the leading apostrophe too.
CREATE OR REPLACE FUNCTION csv_inert(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN value ~ '^[ \u00A0\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]*[-=+@\t\r＝＋－＠﹦﹢﹣﹫−]'
      THEN '''' || value
    ELSE coalesce(value, '')
  END;
