import type { ReactNode } from "react";
import { Search } from "~/components/ui/icons";
import { useFocusOnMount } from "~/components/ui/use-focus-on-mount";
import {
  SEARCH_FIELD_ROW,
  SEARCH_INPUT,
  SEARCH_INPUT_MAX,
  SEARCH_PLACEHOLDER,
} from "./search-field";

/** Stands in for the list while it loads: what is typed meanwhile is kept. */
export function PlainSearchField({
  text,
  onTextChange,
  trailing,
}: {
  text: string;
  onTextChange: (text: string) => void;
  trailing?: ReactNode;
}) {
  // The box was opened to type in it.
  const input = useFocusOnMount<HTMLInputElement>();
  return (
    <div className={SEARCH_FIELD_ROW}>
      <Search className="size-5 shrink-0 text-ink-muted" aria-hidden="true" />
      <input
        ref={input}
        aria-label="Search products"
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        maxLength={SEARCH_INPUT_MAX}
        className={SEARCH_INPUT}
      />
      {trailing}
    </div>
  );
}

/** The desktop's search popover, under the header's search button. */
export function SearchPopover({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Search products"
      className="absolute top-full right-0 z-50 mt-2 w-[26rem] animate-pop-in overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-lift"
    >
      {children}
    </section>
  );
}
