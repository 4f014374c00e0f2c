import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./button";
import { useModalDialog } from "./use-modal-dialog";

type ConfirmDialogProps = {
  open: boolean;
  /** The question, saying exactly what will happen ("Refund £12.50 to the customer's card?"). */
  title: string;
  /** More of what follows, when the question cannot hold it all. */
  children?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the answer is awaited ("Refunding…"). */
  busyLabel: string;
  cancelLabel?: string;
  tone?: "primary" | "destructive";
  /** Waiting for the answer: both buttons hold, and Escape does not close it. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before something that cannot be taken back (money or access): an alert dialog on the
 * native modal <dialog>, the page behind inert. Focus starts on the way back, so a second Enter
 * or a double click does not confirm; it stays open and busy until the caller has its answer,
 * then the caller closes it and focus returns to what opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = "Go back",
  tone = "destructive",
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useModalDialog(open, (next) => {
    if (!next && !busy) onCancel();
  });
  const titleId = useId();
  const detailId = useId();
  const back = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) back.current?.focus();
  }, [open]);

  return (
    <dialog
      {...dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={children ? detailId : undefined}
      // Escape asks the dialog to close; while the answer is awaited it stays.
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      className="fixed inset-x-0 top-[15vh] mx-auto mt-0 w-[min(30rem,calc(100vw-2rem))] max-w-none rounded-[var(--radius-card)] bg-white p-0 text-ink shadow-lift backdrop:bg-ink/40 open:animate-pop-in"
    >
      <div className="space-y-3 p-5">
        <h2 id={titleId} className="text-lg font-semibold text-balance">
          {title}
        </h2>
        {children ? (
          <div id={detailId} className="space-y-2 text-sm text-ink-muted">
            {children}
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-line px-5 py-4">
        <Button ref={back} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        {/* Held with aria-disabled, not disabled: focus stays on it while its label says what is
            happening. */}
        <Button
          variant={tone}
          onClick={() => {
            if (!busy) onConfirm();
          }}
          aria-disabled={busy}
          aria-busy={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
