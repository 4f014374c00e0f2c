-- The CSV export's inert rule (migrations 0011, 0021) widened again (issue 79, the review's
-- leftovers): a formula sign hidden behind other characters that show nothing, the combining
-- grapheme joiner (U+034F), the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the blank
-- Braille pattern (U+2800), is still run by a spreadsheet. Such a cell gets the leading
-- apostrophe too. The import reads it back with the same class (common/catalog/product-csv.ts).
CREATE OR REPLACE FUNCTION csv_inert(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN value ~ '^[ \u00A0\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2800\u3164\uFEFF\uFFA0]*[-=+@\t\r＝＋－＠﹦﹢﹣﹫−]'
      THEN '''' || value
    ELSE coalesce(value, '')
  END;
