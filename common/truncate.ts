/**
 * Cuts text to at most `max` characters, at a word boundary when one is near, ending with an
 * ellipsis when anything was cut. Whitespace is collapsed first.
 */
export function truncateAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(" ");
  const cut = lastSpace > max * 0.6 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.\-–]+$/, "")}…`;
}
