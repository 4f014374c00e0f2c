import type { PublicConfig } from "@common/public-config";
import { Clock, Lock, RotateCcw, Truck } from "~/components/ui/icons";
import { offerTexts } from "~/lib/offers";

export function TrustBar({ config }: { config: PublicConfig }) {
  const items = [
    {
      icon: Truck,
      title: "Free UK shipping",
      text: `On orders over ${offerTexts(config.pricing).freeShippingOver}`,
    },
    { icon: RotateCcw, title: "30-day money-back", text: "Not happy? Full refund" },
    { icon: Lock, title: "Secure checkout", text: "Encrypted card payments" },
    { icon: Clock, title: "Friendly support", text: config.supportHours },
  ];
  return (
    <section aria-label="Why shop with us" className="bg-sky-soft">
      <ul className="shop-container grid grid-cols-2 gap-x-4 gap-y-6 py-8 lg:grid-cols-4">
        {items.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="flex flex-col items-center gap-2 text-center sm:flex-row sm:gap-3 sm:text-left"
          >
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-brand-strong shadow-sm">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block text-sm font-semibold text-ink">{title}</span>
              <span className="block text-sm text-slate-700">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
