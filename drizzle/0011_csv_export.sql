-- The admin's CSV export (issue 12): PostgreSQL writes each batch's lines itself, so exporting
-- 100,000 orders allocates about the size of the file in the server's memory instead of dozens of
-- objects per cell (server/admin/orders-csv.ts). Two rules, each in one place:
--
-- 1. csv_inert: a text cell a spreadsheet would run as a formula (one starting with =, +, -, @, a
--    tab or a carriage return, or their full-width forms) gets a leading apostrophe (OWASP's advice
--    for CSV injection). NULL is an empty cell.
-- 2. csv_quote: RFC 4180 quoting: a cell holding a quote, comma or line break is put in quotes,
--    its quotes doubled.
--
-- Single expressions, so the planner inlines them into the export's query.
CREATE OR REPLACE FUNCTION csv_inert(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN value ~ '^[-=+@\t\r＝＋－＠]' THEN '''' || value ELSE coalesce(value, '') END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION csv_quote(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN value ~ '[",\r\n]' THEN '"' || replace(value, '"', '""') || '"' ELSE value END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION csv_cell(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN csv_quote(csv_inert(value));
