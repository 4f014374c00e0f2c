import { BadgeCheck, ShieldCheck, Stethoscope, Zap } from "~/components/ui/icons";
import { SectionHeading } from "./section-heading";

const reasons = [
  {
    icon: ShieldCheck,
    title: "Enamel Safe",
    text: "Gentle formulas that whiten without harming your enamel, so you can use them with confidence.",
  },
  {
    icon: Zap,
    title: "Fast Results",
    text: "Most people see a visible difference in 3-5 days, with the full effect after a 14-day treatment.",
  },
  {
    icon: BadgeCheck,
    title: "Satisfaction Guaranteed",
    text: "Not happy? Tell us within 30 days for a full refund. No awkward questions.",
  },
  {
    icon: Stethoscope,
    title: "Dentist Recommended",
    text: "Developed with dental professionals and recommended by dentists for use at home.",
  },
];

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-heading" className="shop-container py-20">
      <SectionHeading id="why-heading" eyebrow="Why Gleam" title="Why Choose Us" />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-mint text-brand-strong">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-ink-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
