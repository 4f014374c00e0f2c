// What a shopper typed, made safe to search with: shared by the search box, the search page and
// the catalogue API so they all agree on what was searched for.

/** Longer queries are cut, never refused: no product name or phrase is this long. */
export const MAX_SEARCH_LENGTH = 100;

/** Trimmed, inner whitespace collapsed, control characters dropped, cut to MAX_SEARCH_LENGTH. */
export function normalizeSearchText(raw: string): string {
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH)
      .trim()
  );
}
