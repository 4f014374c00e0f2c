import { Command } from "cmdk";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { X } from "~/components/ui/icons";
import { fieldClasses } from "~/components/ui/input";
import { z } from "~/lib/browser-zod";
import { cn } from "~/lib/class-names";

export type PickedProduct = { slug: string; name: string };

const answerSchema = z.object({
  products: z.array(z.object({ slug: z.string(), name: z.string(), active: z.boolean() })),
});

type Match = { slug: string; name: string; active: boolean };

/**
 * Products whose name holds `text`, from /dashboard/admin-products/search, for the latest text
 * only (an answer arriving late for older text is dropped).
 */
function useProductMatches(text: string): { query: string; matches: Match[] } {
  const query = text.trim();
  const [answer, setAnswer] = useState<{ query: string; matches: Match[] }>({
    query: "",
    matches: [],
  });
  useEffect(() => {
    if (!query) return;
    const request = new AbortController();
    fetch(`/dashboard/admin-products/search?${new URLSearchParams({ q: query })}`, {
      signal: request.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The shop answered ${response.status}.`);
        setAnswer({ query, matches: answerSchema.parse(await response.json()).products });
      })
      .catch(() => {
        // Aborted for newer text, or the shop did not answer: the list stays as it was.
      });
    return () => request.abort();
  }, [query]);
  return { query, matches: answer.query === query ? answer.matches : [] };
}

/**
 * The admin's product picker: type part of a name, choose from the matches (arrow keys and Enter,
 * or a click), and the chosen products show below, each with its Remove button. The form sends
 * their slugs in `name`, separated by commas, which the discount form's schema reads.
 */
export function ProductPicker({
  label,
  name,
  initial,
  invalid,
  noneChosen = "None chosen: the code holds for any product.",
}: {
  label: string;
  name: string;
  initial: readonly PickedProduct[];
  /** What an empty choice means, said under the field. */
  noneChosen?: string;
  /** The field's refusal, when there is one: aria-invalid and the message's id. */
  invalid?: { "aria-invalid"?: true; "aria-describedby"?: string };
}) {
  const [chosen, setChosen] = useState<PickedProduct[]>([...initial]);
  const [text, setText] = useState("");
  const { query, matches } = useProductMatches(text);
  const offered = matches.filter((match) => !chosen.some((one) => one.slug === match.slug));
  return (
    <div className="space-y-2">
      <span aria-hidden="true" className="text-sm font-medium text-ink">
        {label}
      </span>
      <Command label={label} shouldFilter={false} vimBindings={false} loop className="relative">
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder="Type part of a product's name"
          maxLength={100}
          className={cn(fieldClasses(), "h-12")}
          {...invalid}
        />
        <Command.List
          className={
            query
              ? "mt-1 max-h-64 overflow-y-auto rounded-[var(--radius-card)] border border-line bg-white p-1 shadow-sm"
              : "hidden"
          }
        >
          {query && offered.length === 0 && matches.length === 0 ? (
            <Command.Empty className="px-3 py-2 text-sm text-ink-muted">
              No product's name holds “{query}”.
            </Command.Empty>
          ) : null}
          {offered.map((match) => (
            <Command.Item
              key={match.slug}
              value={match.slug}
              onSelect={() => {
                setChosen((list) => [...list, { slug: match.slug, name: match.name }]);
                setText("");
              }}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-mint/60"
            >
              <span className="font-medium">{match.name}</span>
              <span className="text-ink-muted">{match.active ? match.slug : "not on sale"}</span>
            </Command.Item>
          ))}
        </Command.List>
      </Command>
      <input type="hidden" name={name} value={chosen.map((product) => product.slug).join(", ")} />
      {chosen.length > 0 ? (
        <ul aria-label={`${label}: chosen`} className="flex flex-wrap gap-2">
          {chosen.map((product) => (
            <li
              key={product.slug}
              className="flex items-center gap-1 rounded-full border border-line bg-paper py-1 pr-1 pl-3 text-sm"
            >
              {product.name}
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${product.name}`}
                onClick={() => setChosen((list) => list.filter((one) => one.slug !== product.slug))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">{noneChosen}</p>
      )}
    </div>
  );
}
