import { routeMeta } from "@common/seo";
import { PageHeader } from "~/components/content/page-header";
import { Button } from "~/components/ui/button";
import { ArrowRight } from "~/components/ui/icons";
import { showNotImplemented } from "~/lib/notices";
import type { Route } from "./+types/blog";

// Three static sample articles (docs/product.md#screens); Read More shows the not-implemented notice.
const articles = [
  {
    slug: "coffee-and-your-smile",
    title: "Coffee lover? How to keep your smile bright",
    excerpt:
      "You don't have to give up your morning flat white. Simple habits, like rinsing with water and using a straw for iced drinks, make a real difference to staining.",
    date: "2026-10-28",
    readMinutes: 4,
    image: "/images/blog/coffee-and-your-smile.svg",
    imageAlt: "Illustration of a coffee cup next to a glass of water and a toothbrush",
  },
  {
    slug: "whitening-myths",
    title: "Five teeth-whitening myths, checked with a dentist",
    excerpt:
      "Does whitening damage enamel? Is baking soda a good idea? We asked a dentist to separate the facts from the folklore.",
    date: "2026-10-09",
    readMinutes: 6,
    image: "/images/blog/whitening-myths.svg",
    imageAlt: "Illustration of a tooth with a magnifying glass and a question mark",
  },
  {
    slug: "make-results-last",
    title: "Making your whitening results last up to 12 months",
    excerpt:
      "Finished your 14-day treatment? Here's the routine that keeps your new shade for longer, from toothpaste choice to quick touch-ups.",
    date: "2026-09-17",
    readMinutes: 5,
    image: "/images/blog/make-results-last.svg",
    imageAlt: "Illustration of a calendar with a sparkling tooth",
  },
];

const articleDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Blog",
    description:
      "Oral-care tips and honest advice on teeth whitening: stain-proof habits, whitening myths checked with a dentist, and how to make results last.",
    path: "/blog",
  }));
}

export default function Blog() {
  return (
    <>
      <PageHeader eyebrow="Blog" title="Smile Journal">
        <p>Practical oral-care advice and the science behind a brighter smile.</p>
      </PageHeader>
      <div className="shop-container py-12 lg:py-16">
        <ul className="grid gap-8 md:grid-cols-3">
          {articles.map((article) => (
            <li key={article.slug} className="flex">
              <article className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft">
                <img
                  src={article.image}
                  alt={article.imageAlt}
                  width={800}
                  height={500}
                  loading="lazy"
                  className="aspect-[8/5] w-full bg-mint object-cover"
                />
                <div className="flex flex-1 flex-col gap-3 p-6">
                  <p className="text-sm text-ink-muted">
                    <time dateTime={article.date}>
                      {articleDate.format(new Date(article.date))}
                    </time>
                    {" · "}
                    {article.readMinutes} min read
                  </p>
                  <h2 className="text-xl font-semibold tracking-tight">{article.title}</h2>
                  <p className="flex-1 text-ink-muted">{article.excerpt}</p>
                  <Button
                    variant="secondary"
                    className="mt-2 self-start"
                    onClick={showNotImplemented}
                    aria-label={`Read More: ${article.title}`}
                  >
                    Read More
                    <ArrowRight aria-hidden="true" />
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
