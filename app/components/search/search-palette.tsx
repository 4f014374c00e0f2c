import { formatPence } from "@common/money";
import { Command } from "cmdk";
import type { ReactNode } from "react";
import { Search } from "~/components/ui/icons";
import { useFocusOnMount } from "~/components/ui/use-focus-on-mount";
import {
  SEARCH_FIELD_ROW,
  SEARCH_INPUT,
  SEARCH_INPUT_MAX,
  SEARCH_PLACEHOLDER,
} from "./search-field";
import { useProductSuggestions } from "./use-product-suggestions";

export type SearchChoice = { kind: "search"; query: string } | { kind: "product"; id: string };

const SEARCH_ITEM = "__search__";

/**
 * The search box's list (cmdk). The first entry, highlighted while typing, searches the whole
 * shop, so Enter goes to the results page; the arrow keys reach the products, and choosing one
 * opens its page (docs/product.md#beyond-a-brochure-site).
 */
export type SearchPaletteProps = {
  text: string;
  onTextChange: (text: string) => void;
  onChoose: (choice: SearchChoice) => void;
  /** Shown at the end of the text field: the dialog's Cancel button. */
  trailing?: ReactNode;
};

export function SearchPalette({ text, onTextChange, onChoose, trailing }: SearchPaletteProps) {
  const { query, products, ready } = useProductSuggestions(text);
  const choose = onChoose;
  const input = useFocusOnMount<HTMLInputElement>();

  return (
    <Command label="Search products" shouldFilter={false} vimBindings={false} loop>
      <div className={SEARCH_FIELD_ROW}>
        <Search className="size-5 shrink-0 text-ink-muted" aria-hidden="true" />
        <Command.Input
          ref={input}
          value={text}
          onValueChange={onTextChange}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={SEARCH_INPUT_MAX}
          className={SEARCH_INPUT}
        />
        {trailing}
      </div>
      {query ? (
        <Command.List className="max-h-[min(26rem,60vh)] overflow-y-auto p-2">
          <Command.Item
            value={SEARCH_ITEM}
            onSelect={() => choose({ kind: "search", query })}
            className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm data-[selected=true]:bg-mint/60"
          >
            <Search className="size-4 text-ink-muted" aria-hidden="true" />
            <span>
              Search for <strong className="font-semibold">“{query}”</strong>
            </span>
          </Command.Item>
          {products.length > 0 ? (
            <Command.Group
              heading="Products"
              className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-ink-muted [&_[cmdk-group-heading]]:uppercase"
            >
              {products.map((product) => (
                <Command.Item
                  key={product.id}
                  value={product.id}
                  onSelect={() => choose({ kind: "product", id: product.id })}
                  className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 data-[selected=true]:bg-mint/60"
                >
                  <img
                    src={product.imageUrl}
                    alt=""
                    width={40}
                    height={40}
                    className="size-10 shrink-0 rounded-md bg-mint object-cover"
                  />
                  <span className="flex-1 font-medium">{product.name}</span>
                  {product.pricePence !== null ? (
                    <span className="text-sm text-ink-muted">
                      {formatPence(product.pricePence)}
                    </span>
                  ) : null}
                </Command.Item>
              ))}
            </Command.Group>
          ) : ready ? (
            <div role="presentation" className="px-3 py-6 text-center text-sm text-ink-muted">
              No results found.
            </div>
          ) : null}
        </Command.List>
      ) : null}
    </Command>
  );
}
