import type { PricingSettings } from "@common/checkout/pricing";
import { Check } from "~/components/ui/icons";
import { offerTexts } from "~/lib/offers";
import { SectionHeading } from "./section-heading";

export function Benefits({ pricing }: { pricing: PricingSettings }) {
  const benefits = [
    "Visible results in 3-5 days",
    "Results that last up to 12 months",
    "Enamel-safe, dentist-recommended formulas",
    "An easy 14-day treatment you do at home",
    `Free standard shipping on orders over ${offerTexts(pricing).freeShippingOver}`,
    "A 30-day money-back guarantee",
  ];
  return (
    <section aria-labelledby="benefits-heading" className="bg-white">
      <div className="shop-container grid items-center gap-12 py-20 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="benefits-heading"
            eyebrow="Benefits"
            title="Whiter teeth without the trip to the clinic"
            description="Everything you need for a brighter smile, made to be kind to your teeth."
            align="start"
          />
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {benefits.map((benefit) => (
            <li
              key={benefit}
              className="flex items-start gap-3 rounded-[var(--radius-card)] bg-brand-soft p-4 font-medium"
            >
              <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand text-white">
                <Check className="size-4" aria-hidden="true" />
              </span>
              {benefit}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
