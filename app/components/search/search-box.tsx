import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Search } from "~/components/ui/icons";
import { lazyPart } from "~/components/ui/lazy-part";
import { PlainSearchField, SearchPopover } from "./plain-search-field";

// The open box (its field, the list and its dialog) is fetched when the box first opens, or when
// the pointer or focus reaches its button.
const panel = lazyPart(() => import("./search-panel").then((module) => module.SearchPanel));
// The list (cmdk), which the open box fetches in turn.
const palette = lazyPart(() => import("./search-palette").then((module) => module.SearchPalette));
const preload = () => {
  panel.preload();
  palette.preload();
};

/** docs/product.md#constants: the popover from this width up, a dialog below. */
const DESKTOP_QUERY = "(min-width: 768px)";

/**
 * The header's search (docs/product.md#screens): a popover on desktop and a dialog on phones; Ctrl/Cmd+K
 * toggles it; Enter searches the shop, choosing a product opens its page, and either clears the
 * text and closes the box.
 */
export function SearchBox() {
  const [mode, setMode] = useState<"closed" | "popover" | "dialog">("closed");
  const [text, setText] = useState("");
  const [shortcut, setShortcut] = useState("Ctrl K");
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

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        onClick={() => (mode === "closed" ? open() : close())}
        onPointerEnter={preload}
        onFocus={preload}
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
      {mode === "closed" ? null : (
        <Suspense
          fallback={
            // Ctrl/Cmd+K opens the box with nothing fetched yet: typing starts in a plain field.
            mode === "popover" ? (
              <SearchPopover>
                <PlainSearchField text={text} onTextChange={setText} />
              </SearchPopover>
            ) : null
          }
        >
          <panel.Component
            mode={mode}
            palette={palette.Component}
            text={text}
            onTextChange={setText}
            onClose={close}
            container={container}
          />
        </Suspense>
      )}
    </div>
  );
}
