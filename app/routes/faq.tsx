import { configFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { PageHeader } from "~/components/content/page-header";
import { Accordion } from "~/components/ui/accordion";
import { ShopLink } from "~/components/ui/shop-link";
import { offerTexts } from "~/lib/offers";
import type { Route } from "./+types/faq";

const questionsFor = (offers: ReturnType<typeof offerTexts>) => [
  {
    id: "how-to-use",
    question: "How do I use the whitening strips?",
    answer:
      "Brush gently, dry your teeth, then press one strip on to your top teeth and one on to your bottom teeth. Remove them after 30 minutes. Repeat once a day for 14 days.",
  },
  {
    id: "sensitive",
    question: "Can I use your products if I have sensitive teeth?",
    answer:
      "Our formulas are enamel-safe and gentle, and most people with mildly sensitive teeth use them comfortably. If your teeth are very sensitive, or you have crowns or veneers, ask your dentist before you start.",
  },
  {
    id: "delivery",
    question: "How long does delivery take?",
    answer: `We process orders in 1-2 business days. Standard delivery then takes 5-7 business days, expedited 2-3 and overnight 1. Standard shipping is free on orders over ${offers.freeShippingOver}.`,
  },
  {
    id: "returns",
    question: "What is your returns policy?",
    answer: (
      <>
        You can return any order within 30 days for a full refund, issued within 5-10 business days
        of receiving your return. See{" "}
        <ShopLink
          to="/shipping-returns"
          className="font-medium text-brand underline underline-offset-2"
        >
          Shipping &amp; Returns
        </ShopLink>{" "}
        for the details.
      </>
    ),
  },
];

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "FAQ",
    description:
      "Answers to common questions: how to use whitening strips, sensitive teeth, delivery times and our 30-day returns policy.",
    path: "/faq",
  }));
}

export default function Faq({ matches }: Route.ComponentProps) {
  const questions = questionsFor(offerTexts(configFrom(matches).pricing));
  return (
    <>
      <PageHeader eyebrow="Help" title="Frequently Asked Questions">
        <p>
          Can't find your answer?{" "}
          <ShopLink
            to="/contact"
            className="font-semibold text-brand-strong underline underline-offset-2"
          >
            Contact us
          </ShopLink>
          .
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <Accordion items={questions} />
      </div>
    </>
  );
}
