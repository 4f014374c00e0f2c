import { useEffect } from "react";
import { Toaster as Sonner } from "sonner";
import { toasterMounted } from "~/lib/toast";

/** Toasts per the docs/product.md#states: one visible at a time, each closes after 5000 ms. */
const TOAST_DURATION_MS = 5000;

export function Toaster() {
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    <Sonner
      position="bottom-center"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={{
        classNames: {
          toast: "!rounded-[var(--radius-card)] !border-line !shadow-lift !font-sans",
          title: "!text-[15px] !font-semibold !text-ink",
          description: "!text-sm !text-ink-muted",
          error: "!border-coral/40",
        },
      }}
    />
  );
}
