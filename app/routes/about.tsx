import { rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { PageHeader } from "~/components/content/page-header";
import { buttonVariants } from "~/components/ui/button";
import { FlaskConical, Heart, ShieldCheck, Users } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";
import type { Route } from "./+types/about";

const values = [
  {
    icon: Heart,
    title: "Customer Passion",
    text: "Every decision starts with the people who use our products. We listen, we answer, and we put it right when we get it wrong.",
  },
  {
    icon: FlaskConical,
    title: "Science-Backed",
    text: "Our formulas are developed with dental professionals and tested for safety, so what we claim is what you get.",
  },
  {
    icon: ShieldCheck,
    title: "Quality Promise",
    text: "Enamel-safe ingredients, made to strict standards and backed by a 30-day money-back guarantee.",
  },
  {
    icon: Users,
    title: "Community-Focused",
    text: "We share honest oral-care advice for free and support local dental health charities across the UK.",
  },
];

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "About Us",
    description: `Why we started ${site.shopName}: gentle, enamel-safe teeth whitening that works, recommended by dentists and priced fairly.`,
    path: "/about",
  }));
}

export default function About({ matches }: Route.ComponentProps) {
  const shopName = rootDataFrom(matches)?.config.shopName ?? "";
  return (
    <>
      <PageHeader eyebrow="About us" title="Brighter smiles, honestly made">
        <p>Gentle whitening that works, without the clinic price tag.</p>
      </PageHeader>

      <section
        aria-labelledby="story-heading"
        className="shop-container grid items-center gap-12 py-16 [--shop-width:var(--container-6xl)] lg:grid-cols-2"
      >
        <img
          src="/images/about-story.svg"
          alt="Illustration of a bright bathroom shelf with Gleam products beside a mirror"
          width={800}
          height={640}
          loading="lazy"
          className="h-auto w-full rounded-[var(--radius-card)] bg-mint shadow-soft"
        />
        <div className="space-y-4 text-lg text-ink-muted">
          <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-ink">
            Our story
          </h2>
          <p>
            {shopName} began with a simple frustration. Our founder, Amira, spent years drinking
            strong coffee on early shifts as a dental nurse, and every whitening product she tried
            was either harsh on her teeth or did nothing at all.
          </p>
          <p>
            So she set out to make the product she wanted: gentle, enamel-safe whitening that works
            in days, is easy to use at home and is priced fairly. Working with dentists, she spent
            two years refining the formula behind our strips before we sold a single kit.
          </p>
          <p>
            Today we're a small team in the UK sending brighter smiles across the country, and we
            still read every message ourselves.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-white">
        <div className="shop-container py-16">
          <h2 id="values-heading" className="text-center text-3xl font-bold tracking-tight">
            Our core values
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="rounded-[var(--radius-card)] border border-line bg-paper p-6"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-mint text-brand-strong">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-ink-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-bold tracking-tight">Ready for a brighter smile?</h2>
        <ShopLink to="/store" className={cn(buttonVariants({ size: "lg" }), "mt-6")}>
          Shop the collection
        </ShopLink>
      </section>
    </>
  );
}
