/**
 * An ILIKE pattern matching `text` anywhere: `%`, `_` and the escape character itself are matched
 * literally (backslash is PostgreSQL's default LIKE escape).
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
