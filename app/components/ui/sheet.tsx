import { type ReactNode, useId, useState } from "react";
import { X } from "~/components/ui/icons";
import { cn } from "~/lib/class-names";
import { useModalDialog } from "./use-modal-dialog";

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  side?: "left" | "right";
  children: ReactNode;
};

/**
 * A panel that slides in from a side, built on the native modal <dialog>: the browser makes the
 * page behind it inert, keeps focus inside and closes it on Escape. A click on the backdrop or
 * the X closes it too; focus returns to what opened it.
 *
 * Its content is rendered from the first time it opens, then kept: a closed sheet is its frame
 * only, on every page that has one (the cart and the phone menu are on all of them), so the server
 * renders and the browser hydrates nothing nobody sees. A closed <dialog> cannot be opened without
 * JavaScript, so a page read without it loses nothing.
 */
export function Sheet({ open, onOpenChange, title, side = "right", children }: SheetProps) {
  const dialog = useModalDialog(open, onOpenChange);
  const titleId = useId();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      className={cn(
        "fixed inset-y-0 m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none bg-white p-0 text-ink shadow-lift backdrop:bg-ink/40 open:flex open:flex-col",
        side === "left"
          ? "left-0 open:animate-sheet-in-left"
          : "right-0 left-auto open:animate-sheet-in-right",
      )}
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-mint/60"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      {opened ? children : null}
    </dialog>
  );
}
