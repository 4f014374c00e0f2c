import type { FormAnswer } from "@common/form-answer";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/** What the admin is asked before an action that moves money or access. */
export type Confirmation = {
  /** The question, with the amount and whom it concerns. */
  title: string;
  detail?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
};

/**
 * A form that asks first: `ask(form, confirmation)` opens the dialog (render `dialog`), which
 * posts the form through the fetcher once confirmed, stays busy until the server's answer has
 * arrived, then closes. The answer itself is shown by whoever reads the fetcher (a toast).
 */
export function useConfirmedSubmit(fetcher: FetcherWithComponents<FormAnswer>) {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement | null>(null);
  const [sent, setSent] = useState(false);
  const busy = fetcher.state !== "idle";
  // Closed once the post it sent has been under way and is done (not before it has started).
  const started = useRef(false);

  useEffect(() => {
    if (!sent) return;
    if (busy) started.current = true;
    else if (started.current) {
      started.current = false;
      setSent(false);
      setOpen(false);
    }
  }, [sent, busy]);

  return {
    busy,
    ask(target: HTMLFormElement, next: Confirmation) {
      form.current = target;
      setConfirmation(next);
      setOpen(true);
    },
    dialog: (
      <ConfirmDialog
        open={open}
        title={confirmation?.title ?? ""}
        confirmLabel={confirmation?.confirmLabel ?? ""}
        busyLabel={confirmation?.busyLabel ?? ""}
        cancelLabel={confirmation?.cancelLabel}
        busy={sent}
        onConfirm={() => {
          if (!form.current) return;
          setSent(true);
          void fetcher.submit(form.current, { method: "post" });
        }}
        onCancel={() => setOpen(false)}
      >
        {confirmation?.detail}
      </ConfirmDialog>
    ),
  };
}
