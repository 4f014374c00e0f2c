import type { PricingSettings } from "@common/checkout/pricing";
import { Accordion } from "~/components/ui/accordion";
import { offerTexts } from "~/lib/offers";
import { SectionHeading } from "./section-heading";

const questionsFor = (offers: ReturnType<typeof offerTexts>) => [
  {
    id: "results-time",
    question: "How long does it take to see results?",
    answer:
      "Most people see a visible difference in 3-5 days. For the full effect, complete the 14-day treatment.",
  },
  {
    id: "enamel",
    question: "Are your products safe for my enamel?",
    answer:
      "Yes. All our formulas are enamel-safe and dentist recommended. If you have crowns, veneers or sensitive teeth, check with your dentist first.",
  },
  {
    id: "lasting",
    question: "How long do the results last?",
    answer:
      "Up to 12 months with good oral care. Our Whitening Toothpaste and Pen help keep your smile bright between treatments.",
  },
  {
    id: "shipping",
    question: "Do you offer free shipping?",
    answer: `Standard UK shipping is free on orders over ${offers.freeShippingOver}, and ${offers.flatShipping} otherwise. Orders are processed in 1-2 business days and standard delivery takes 5-7 business days.`,
  },
  {
    id: "guarantee",
    question: "What if I'm not happy with my results?",
    answer:
      "You're covered by our 30-day money-back guarantee. Contact us within 30 days and we'll refund you within 5-10 business days of receiving your return.",
  },
];

export function HomeFaq({ pricing }: { pricing: PricingSettings }) {
  return (
    <section
      aria-labelledby="home-faq-heading"
      className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8"
    >
      <SectionHeading id="home-faq-heading" eyebrow="FAQ" title="Frequently Asked Questions" />
      <Accordion items={questionsFor(offerTexts(pricing))} className="mt-10" />
    </section>
  );
}
