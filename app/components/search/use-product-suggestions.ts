import { normalizeSearchText } from "@common/catalog/search-text";
import { useEffect, useState } from "react";
import { z } from "~/lib/browser-zod";

/** How many products the search box lists. */
const SUGGESTION_COUNT = 6;

export type ProductSuggestion = {
  id: string;
  name: string;
  imageUrl: string;
  pricePence: number | null;
};

const answerSchema = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      imageUrl: z.string(),
      variants: z.array(z.object({ pricePence: z.number() })),
    }),
  ),
});

type Suggestions = { query: string; products: ProductSuggestion[] };

/**
 * Products whose name or description matches `text`, from the catalogue API, for the latest text
 * only (an older answer arriving late is dropped). `ready` is false until the answer for the
 * current text is in, so the empty state never shows for a question still on its way.
 */
export function useProductSuggestions(text: string): {
  query: string;
  products: ProductSuggestion[];
  ready: boolean;
} {
  const query = normalizeSearchText(text);
  const [answer, setAnswer] = useState<Suggestions>({ query: "", products: [] });

  useEffect(() => {
    if (!query) return;
    const request = new AbortController();
    const params = new URLSearchParams({ q: query, limit: String(SUGGESTION_COUNT) });
    fetch(`/api/products?${params}`, {
      signal: request.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The shop answered ${response.status}.`);
        const { products } = answerSchema.parse(await response.json());
        setAnswer({
          query,
          products: products.map((product) => ({
            id: product.id,
            name: product.name,
            imageUrl: product.imageUrl,
            pricePence: product.variants[0]?.pricePence ?? null,
          })),
        });
      })
      .catch((error: unknown) => {
        if (request.signal.aborted) return;
        console.warn("Search suggestions failed.", error);
        setAnswer({ query, products: [] });
      });
    return () => request.abort();
  }, [query]);

  // While the next answer is on its way the previous list stays, so typing does not flicker.
  return { query, products: query ? answer.products : [], ready: answer.query === query };
}
