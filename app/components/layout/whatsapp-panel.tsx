import { useEffect } from "react";
import { MessageCircle, X } from "~/components/ui/icons";

const WHATSAPP_MESSAGE = "Hi! I'd like to know more about your teeth whitening products.";

function whatsappLink(number: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(WHATSAPP_MESSAGE)}`;
}

/** The chat widget's panel (whatsapp-widget.tsx opens it): a prefilled WhatsApp chat, one tap away. */
export function WhatsAppPanel({
  id,
  number,
  hours,
  onClose,
}: {
  id: string;
  number: string;
  hours: string;
  onClose: () => void;
}) {
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);
  return (
    <section
      id={id}
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
          onClick={onClose}
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
  );
}
