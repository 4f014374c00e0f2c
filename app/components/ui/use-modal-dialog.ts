import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from "react";
import { keepTabInside } from "./focus-trap";

/**
 * What a native modal <dialog> needs to follow an `open` prop: the browser makes the page behind it
 * inert and closes it on Escape; a click on the backdrop closes it too, Tab stays inside, and focus
 * returns to what opened it. Spread the result on the <dialog>.
 */
export function useModalDialog(open: boolean, onOpenChange: (open: boolean) => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return {
    ref,
    onClose: () => onOpenChange(false),
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => keepTabInside(event),
    // The dialog element itself is only hit outside its panel: on the backdrop. Its keyboard twin
    // is Escape, handled by the dialog itself.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onOpenChange(false);
    },
  };
}
