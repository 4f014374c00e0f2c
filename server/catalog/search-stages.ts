import { asc, desc, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { statement } from "./catalog-statements";
import { products, searchWords } from "./schema";
import { likePattern } from "./search-pattern";

// Search stages: what a search matches, and the close words a typo is searched again with.

/** The words of what a shopper typed: letters and digits only, lower case. */
function typedWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The full-text query for what a shopper typed: every word must match (stemmed), the last also as
 * a prefix, since the search box asks while they type ("whit" finds "whitening"). Words are letters
 * and digits only, so nothing typed can be read as query syntax. Null when there is no word.
 * `alternatives` gives, for a word, other words that may stand in its place (typo tolerance:
 * closeWordsQuery), each letters and digits only.
 */
export function fullTextQuery(
  text: string,
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
): string | null {
  const words = typedWords(text);
  if (words.length === 0) return null;
  const last = words.length - 1;
  return words
    .map((word, index) => {
      const typed = index === last ? `${word}:*` : word;
      const others = (alternatives.get(word) ?? []).filter(
        (other) => other !== word && /^[\p{L}\p{N}]+$/u.test(other),
      );
      return others.length === 0 ? typed : `(${[typed, ...others].join(" | ")})`;
    })
    .join(" & ");
}

type StageKind = "words" | "mixed" | "name";

/** How a search narrows and ranks: SQL with placeholders, and the values they take. */
export type SearchStage = {
  kind: StageKind;
  matches: SQL;
  rank: SQL[];
  /** A words stage's name matches, which come first in the best-match order. */
  inName?: SQL;
  values: Record<string, string>;
};

// A sub-select, so a prepared statement's generic plan makes the query once (an init plan), not
// once for every product it compares.
const tsquery = sql`(select to_tsquery('english', ${sql.placeholder("tsquery")}))`;
const nameLike = ilike(products.name, sql.placeholder("like"));
const inText = sql`${products.searchVector} @@ ${tsquery}`;
const inName = sql`${products.nameVector} @@ ${tsquery}`;

/**
 * The exact stage: every word in the name or the description (stemmed, the last as a prefix);
 * text with more than words (punctuation, symbols) may also be found within the name as typed, so
 * "t_floss" or "100%" find what they say. Name matches first, then the shop's featured order.
 * Served by products_search_idx and products_name_trgm_idx.
 */
export function exactStage(text: string): SearchStage {
  const query = fullTextQuery(text);
  const like = likePattern(text);
  if (!query) return { kind: "name", matches: nameLike, rank: [], values: { like } };
  // Plain words are served by the full-text index alone (an OR with a substring test would read
  // every product to decide).
  if (/^[\p{L}\p{N} ]+$/u.test(text)) return wordsStage(query);
  return {
    kind: "mixed",
    matches: or(inText, nameLike) as SQL,
    rank: [desc(sql`(${inName} or ${nameLike})`)],
    values: { tsquery: query, like },
  };
}

/** A stage of words: the full-text query alone, name matches first. */
export function wordsStage(query: string): SearchStage {
  return {
    kind: "words",
    matches: inText,
    rank: [desc(inName)],
    inName,
    values: { tsquery: query },
  };
}

/** Words of the shop looked for in place of each word typed, closest first. */
const CLOSE_WORDS_PER_WORD = 3;

/**
 * Typo tolerance, asked only when nothing matches exactly: the full-text query again with each
 * word typed allowed to be any of the shop's words close to it (pg_trgm similarity at least 0.4,
 * set per session in server/db/client.ts; up to three, the closest and most used first), as well
 * as itself. "whitning" finds what "whitening" finds; "complet smil bundel" what "complete smile
 * bundle" does. One statement over the shop's vocabulary (search_words, migration 0017) through
 * its trigram index: its cost follows the vocabulary, not the catalogue. Gives the query and the
 * phrase to show the shopper (each word typed as its closest word); null when no word typed has a
 * close word (nothing more to look for). Words shorter than three letters or longer than forty
 * are not looked up (none of the vocabulary's is).
 */
export async function closeWordsQuery(
  db: Database,
  text: string,
): Promise<{ query: string; phrase: string } | null> {
  const words = [...new Set(typedWords(text))].filter(
    (word) => word.length >= 3 && word.length <= 40,
  );
  if (words.length === 0) return null;
  const rows = await statement(db, "catalog_close_words", () => {
    const close = db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} % typed.word`)
      .orderBy(
        sql`similarity(${searchWords.word}, typed.word) desc`,
        desc(searchWords.products),
        asc(searchWords.word),
      )
      .limit(CLOSE_WORDS_PER_WORD)
      .as("close");
    return db
      .select({ typed: sql<string>`typed.word`, close: close.word })
      .from(sql`unnest(string_to_array(${sql.placeholder("words")}, ' ')) as typed(word)`)
      .innerJoinLateral(close, sql`true`)
      .prepare("catalog_close_words");
  }).execute({ words: words.join(" ") });
  const alternatives = new Map<string, string[]>();
  /** Words typed that are words of the shop themselves: the phrase keeps them. */
  const known = new Set<string>();
  for (const { typed, close } of rows) {
    if (close === typed) known.add(typed);
    else alternatives.set(typed, [...(alternatives.get(typed) ?? []), close]);
  }
  const query = alternatives.size === 0 ? null : fullTextQuery(text, alternatives);
  if (query === null) return null;
  const phrase = typedWords(text)
    .map((word) => (known.has(word) ? word : (alternatives.get(word)?.[0] ?? word)))
    .join(" ");
  return { query, phrase };
}
