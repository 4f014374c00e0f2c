import { SectionHeading } from "./section-heading";

const steps = [
  {
    title: "Choose your kit",
    text: "Pick strips for a full treatment, the pen for touch-ups, or the bundle for both.",
  },
  {
    title: "Apply for 30 minutes a day",
    text: "Brush, dry your teeth and apply. Carry on with your day while it works.",
  },
  {
    title: "See the difference",
    text: "Notice brighter teeth in 3-5 days, with the full result after 14 days.",
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="shop-container py-20">
      <SectionHeading id="how-heading" eyebrow="Simple as 1, 2, 3" title="How It Works" />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="relative rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
          >
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand text-base font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-ink-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
