import { type ComponentType, type RefObject, Suspense, useEffect } from "react";
import { useNavigate } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { PlainSearchField, SearchPopover } from "./plain-search-field";
import type { SearchChoice, SearchPaletteProps } from "./search-palette";

/**
 * The open search box (search-box.tsx opens it): a popover on desktop, a dialog on phones. Enter
 * searches the shop, choosing a product opens its page, and either clears the text and closes it.
 */
export function SearchPanel({
  mode,
  palette: SearchPalette,
  text,
  onTextChange,
  onClose,
  container,
}: {
  mode: "popover" | "dialog";
  /** The list (cmdk), fetched on its own: until it is in, what is typed goes into a plain field. */
  palette: ComponentType<SearchPaletteProps>;
  text: string;
  onTextChange: (text: string) => void;
  /** Closes the box; focus goes back to its button unless `restoreFocus` is false. */
  onClose: (restoreFocus?: boolean) => void;
  /** The box and its button: a press outside both closes the popover. */
  container: RefObject<HTMLDivElement | null>;
}) {
  const navigate = useNavigate();

  // The popover closes on Escape and on a press anywhere outside it.
  useEffect(() => {
    if (mode !== "popover") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [mode, onClose, container]);

  function choose(choice: SearchChoice) {
    onTextChange("");
    onClose(false);
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
        onClick={() => onClose()}
        className="shrink-0 rounded-full px-3 py-2 text-sm font-semibold text-brand-strong hover:bg-mint/60"
      >
        Cancel
      </button>
    ) : null;
  const list = (
    <Suspense
      fallback={<PlainSearchField text={text} onTextChange={onTextChange} trailing={trailing} />}
    >
      <SearchPalette
        text={text}
        onTextChange={onTextChange}
        onChoose={choose}
        trailing={trailing}
      />
    </Suspense>
  );

  return mode === "popover" ? (
    <SearchPopover>{list}</SearchPopover>
  ) : (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())} title="Search products">
      {list}
    </Dialog>
  );
}
