import type { AboutContent } from "@common/content/pages";
import { fillHtml, fillText, type PagePlaceholders } from "@common/content/placeholders";
import { buttonVariants } from "~/components/ui/button";
import { FlaskConical, Heart, ShieldCheck, Users } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";
import { PageHeader } from "./page-header";
import { ShopHtml } from "./shop-html";

// About as the owner wrote it (docs/admin.md#pages), on the storefront and in the admin's preview;
// the words in braces filled in from the settings, each value escaped.

const valueIcons = [Heart, FlaskConical, ShieldCheck, Users];

export function AboutView({
  content,
  values,
}: {
  content: AboutContent;
  values: PagePlaceholders;
}) {
  return (
    <>
      <PageHeader eyebrow="About us" title={fillText(content.title, values)}>
        <p>{fillText(content.lead, values)}</p>
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
          <ShopHtml className="rich-text text-lg" html={fillHtml(content.storyHtml, values)} />
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-white">
        <div className="shop-container py-16">
          <h2 id="values-heading" className="text-center text-3xl font-bold tracking-tight">
            Our core values
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {content.values.map((value, index) => {
              const Icon = valueIcons[index % valueIcons.length] ?? Heart;
              return (
                <li
                  key={value.title}
                  className="rounded-[var(--radius-card)] border border-line bg-paper p-6"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-full bg-mint text-brand-strong">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold">{fillText(value.title, values)}</h3>
                  <p className="mt-2 text-ink-muted">{fillText(value.text, values)}</p>
                </li>
              );
            })}
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
