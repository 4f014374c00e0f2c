import { useEffect, useId, useState } from "react";
import { MessageCircle, WhatsApp, X } from "~/components/ui/icons";

const WHATSAPP_MESSAGE = "Hi! I'd like to know more about your teeth whitening products.";

function whatsappLink(number: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(WHATSAPP_MESSAGE)}`;
}

/** The floating chat widget: its button toggles a panel that opens a prefilled WhatsApp chat. */
export function WhatsAppWidget({ number, hours }: { number: string; hours: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);
  return (
    // Above the product page's buy bar while it shows (sticky-buy-bar.tsx).
    <div className="fixed right-4 bottom-4 z-30 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6 [body:has([data-sticky-buy])_&]:max-lg:bottom-24">
      {open ? (
        <section
          id={panelId}
          aria-label="Chat with us"
          className="w-[min(20rem,calc(100vw-2rem))] animate-pop-in overflow-hidden rounded-[var(--radius-card)] bg-white shadow-lift"
        >
          <div className="flex items-start justify-between gap-3 bg-[#075e54] px-4 py-3 text-white">
            <div>
              <h2 className="font-semibold">Chat with us</h2>
              <p className="text-xs text-emerald-50">Replies {hours}</p>
            </div>
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label="Close chat"
              className="-mr-2 inline-flex size-9 items-center justify-center rounded-full hover:bg-white/15"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
          <div className="space-y-4 p-4">
            <p className="rounded-[var(--radius-card)] bg-slate-100 px-3 py-2 text-sm text-ink">
              Hi there 👋 Got a question about our teeth whitening products? Send us a message on
              WhatsApp.
            </p>
            <a
              href={whatsappLink(number)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-11 items-center justify-center gap-2 rounded-full bg-[#075e54] px-5 text-sm font-semibold text-white hover:bg-[#054a42]"
            >
              <MessageCircle className="size-4" aria-hidden="true" />
              Start chat on WhatsApp
            </a>
          </div>
        </section>
      ) : null}
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
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
