import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { Search } from "~/components/ui/icons";
import { useFocusOnMount } from "~/components/ui/use-focus-on-mount";
import {
  SEARCH_FIELD_ROW,
  SEARCH_INPUT,
  SEARCH_INPUT_MAX,
  SEARCH_PLACEHOLDER,
} from "./search-field";
import type { SearchChoice } from "./search-palette";

// The list (cmdk) is fetched when the box first opens, or when the pointer or focus reaches it:
// no page pays for it in its first load.
const loadPalette = () => import("./search-palette");
const SearchPalette = lazy(() =>
  loadPalette().then((module) => ({ default: module.SearchPalette })),
);

/** docs/product.md §9: the popover from this width up, a dialog below. */
const DESKTOP_QUERY = "(min-width: 768px)";

/** Stands in for the list while it loads: what is typed meanwhile is kept. */
function PlainSearchField({
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

/**
 * The header's search (docs/product.md §2): a popover on desktop and a dialog on phones; Ctrl/Cmd+K
 * toggles it; Enter searches the shop, choosing a product opens its page, and either clears the
 * text and closes the box.
 */
export function SearchBox() {
  const [mode, setMode] = useState<"closed" | "popover" | "dialog">("closed");
  const [text, setText] = useState("");
  const [shortcut, setShortcut] = useState("Ctrl K");
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  const open = useCallback(() => {
    setMode(window.matchMedia(DESKTOP_QUERY).matches ? "popover" : "dialog");
  }, []);
  const close = useCallback((restoreFocus = true) => {
    setMode("closed");
    if (restoreFocus) trigger.current?.focus();
  }, []);

  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setShortcut("⌘K");
  }, []);

  useEffect(() => {
    const toggle = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.metaKey || event.ctrlKey)) return;
      event.preventDefault();
      setMode((current) => {
        if (current !== "closed") return "closed";
        return window.matchMedia(DESKTOP_QUERY).matches ? "popover" : "dialog";
      });
    };
    window.addEventListener("keydown", toggle);
    return () => window.removeEventListener("keydown", toggle);
  }, []);

  // The popover closes on Escape and on a press anywhere outside it.
  useEffect(() => {
    if (mode !== "popover") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [mode, close]);

  function choose(choice: SearchChoice) {
    setText("");
    close(false);
    navigate(
      choice.kind === "search"
        ? `/search?${new URLSearchParams({ q: choice.query })}`
        : `/product/${choice.id}`,
    );
  }

  // On a phone there is no Escape key: the dialog gets a visible way out.
  const trailing =
    mode === "dialog" ? (
      <button
        type="button"
        onClick={() => close()}
        className="shrink-0 rounded-full px-3 py-2 text-sm font-semibold text-brand-strong hover:bg-mint/60"
      >
        Cancel
      </button>
    ) : null;
  const palette = (
    <Suspense
      fallback={<PlainSearchField text={text} onTextChange={setText} trailing={trailing} />}
    >
      <SearchPalette text={text} onTextChange={setText} onChoose={choose} trailing={trailing} />
    </Suspense>
  );

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        onClick={() => (mode === "closed" ? open() : close())}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        aria-label="Search products"
        aria-haspopup="dialog"
        aria-expanded={mode !== "closed"}
        aria-keyshortcuts="Control+K Meta+K"
        className="inline-flex size-11 items-center justify-center gap-2 rounded-full text-ink transition-tints hover:bg-mint/60 lg:h-10 lg:w-60 lg:justify-start lg:whitespace-nowrap lg:border lg:border-line lg:bg-white lg:px-4 lg:text-sm lg:text-ink-muted lg:hover:border-brand lg:hover:bg-white"
      >
        <Search className="size-5 shrink-0 lg:size-4" aria-hidden="true" />
        <span className="hidden flex-1 text-left lg:inline">Search products...</span>
        <kbd className="hidden rounded border border-line bg-paper px-1.5 font-sans text-xs text-ink-muted lg:inline">
          {shortcut}
        </kbd>
      </button>
      {mode === "popover" ? (
        <section
          aria-label="Search products"
          className="absolute top-full right-0 z-50 mt-2 w-[26rem] animate-pop-in overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-lift"
        >
          {palette}
        </section>
      ) : null}
      <Dialog
        open={mode === "dialog"}
        onOpenChange={(next) => (next ? open() : close())}
        title="Search products"
      >
        {mode === "dialog" ? palette : null}
      </Dialog>
    </div>
  );
}
