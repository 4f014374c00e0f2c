import { Suspense, useCallback, useId, useState } from "react";
import { WhatsApp, X } from "~/components/ui/icons";
import { lazyPart } from "~/components/ui/lazy-part";

// The panel is fetched when it is first opened, or when the pointer or focus reaches the button.
const panel = lazyPart(() => import("./whatsapp-panel").then((module) => module.WhatsAppPanel));

/** The floating chat widget: its button toggles a panel that opens a prefilled WhatsApp chat. */
export function WhatsAppWidget({ number, hours }: { number: string; hours: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  return (
    // Above the product page's buy bar while it shows (sticky-buy-bar.tsx).
    <div className="fixed right-4 bottom-4 z-30 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6 [body:has([data-sticky-buy])_&]:max-lg:bottom-24">
      {open ? (
        <Suspense fallback={null}>
          <panel.Component id={panelId} number={number} hours={hours} onClose={close} />
        </Suspense>
      ) : null}
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={panel.preload}
        onFocus={panel.preload}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close WhatsApp chat" : "Chat with us on WhatsApp"}
        className="inline-flex size-14 items-center justify-center rounded-full bg-[#25d366] text-white shadow-lift transition-transform hover:scale-105"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <WhatsApp width="28" height="28" />}
      </button>
    </div>
  );
}
