import { Quote } from "~/components/ui/icons";
import { SectionHeading } from "./section-heading";

// Fixed text, as the home page has it (docs/product.md#screens). UK law forbids fake reviews: before going live a merchant
// replaces these with genuine, attributable customer quotes. The demo shop labels them as samples.
const testimonials = [
  {
    quote:
      "I drink far too much coffee and had given up on white teeth. After the 14-day kit my smile is noticeably brighter, and no sensitivity at all.",
    name: "Sophie",
    place: "Leeds",
  },
  {
    quote:
      "The strips actually stay put, which is more than I can say for others I've tried. I could see a difference by day four.",
    name: "James",
    place: "Bristol",
  },
  {
    quote:
      "The pen lives in my bag for touch-ups before meetings. Small, easy and it really works. Delivery was quick too.",
    name: "Priya",
    place: "Manchester",
  },
];

export function Testimonials({ demoMode }: { demoMode: boolean }) {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-white">
      <div className="shop-container py-20">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="What our customers say"
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name} className="flex">
              <figure className="flex flex-col rounded-[var(--radius-card)] bg-brand-soft p-6">
                <Quote className="size-8 text-brand" aria-hidden="true" />
                <blockquote className="mt-4 flex-1 text-ink">“{testimonial.quote}”</blockquote>
                <figcaption className="mt-6 text-sm font-semibold text-ink">
                  {testimonial.name}
                  <span className="font-normal text-ink-muted">, {testimonial.place}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {demoMode ? (
          <p className="mt-6 text-center text-xs text-ink-muted">
            Sample testimonials shown in the demo shop.
          </p>
        ) : null}
      </div>
    </section>
  );
}
