import { type ReactNode, useId } from "react";
import { cn } from "~/lib/class-names";
import { useModalDialog } from "./use-modal-dialog";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the dialog for screen readers; shown only when `showTitle` is set. */
  title: string;
  showTitle?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * A centred modal on the native <dialog>: the page behind is inert, focus stays inside, Escape
 * closes it; so does a click on the backdrop. Focus returns to what opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  showTitle = false,
  className,
  children,
}: DialogProps) {
  const dialog = useModalDialog(open, onOpenChange);
  const titleId = useId();

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      className={cn(
        "fixed inset-x-0 top-4 mx-auto mt-0 w-[min(32rem,calc(100vw-2rem))] max-w-none rounded-[var(--radius-card)] bg-white p-0 text-ink shadow-lift backdrop:bg-ink/40 open:animate-pop-in",
        className,
      )}
    >
      <h2 id={titleId} className={showTitle ? "px-5 pt-5 text-lg font-semibold" : "sr-only"}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
