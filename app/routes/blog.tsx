import { imageSrcSet } from "@common/catalog/product-images";
import { formatLongDate } from "@common/dates";
import { routeMeta } from "@common/seo";
import { publishedPosts } from "@server/content/blog-posts";
import { getDb } from "@server/db/connection";
import { PageHeader } from "~/components/content/page-header";
import { buttonVariants } from "~/components/ui/button";
import { ArrowRight } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";
import type { Route } from "./+types/blog";

// /blog: the posts published so far, newest first (docs/admin.md#blog), each to its own page.

export async function loader() {
  const posts = await publishedPosts(await getDb());
  return {
    posts: posts.map(({ updatedAt: _updated, ...post }) => ({
      ...post,
      publishedAt: post.publishedAt.toISOString(),
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...routeMeta(matches, () => ({
      title: "Blog",
      description:
        "Oral-care tips and honest advice on teeth whitening: stain-proof habits, whitening myths checked with a dentist, and how to make results last.",
      path: "/blog",
    })),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "Smile Journal",
      href: "/blog/rss.xml",
    },
  ];
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Blog" title="Smile Journal">
        <p>Practical oral-care advice and the science behind a brighter smile.</p>
      </PageHeader>
      <div className="shop-container py-12 lg:py-16">
        {posts.length === 0 ? (
          <p className="text-center text-lg text-ink-muted">
            No articles yet. Our first one is on its way.
          </p>
        ) : (
          <ul className="grid gap-8 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id} className="flex">
                <article className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft">
                  <img
                    src={post.coverImageUrl}
                    srcSet={imageSrcSet(post.coverImageUrl)}
                    sizes="(min-width: 768px) 33vw, 100vw"
                    alt={post.coverImageAlt}
                    width={800}
                    height={500}
                    loading="lazy"
                    className="aspect-[8/5] w-full bg-mint object-cover"
                  />
                  <div className="flex flex-1 flex-col gap-3 p-6">
                    <p className="text-sm text-ink-muted">
                      <time dateTime={post.publishedAt}>
                        {formatLongDate(new Date(post.publishedAt))}
                      </time>
                      {" · "}
                      {post.readMinutes} min read
                    </p>
                    <h2 className="text-xl font-semibold tracking-tight">{post.title}</h2>
                    <p className="flex-1 text-ink-muted">{post.excerpt}</p>
                    <ShopLink
                      to={`/blog/${post.slug}`}
                      className={cn(buttonVariants({ variant: "secondary" }), "mt-2 self-start")}
                      aria-label={`Read More: ${post.title}`}
                    >
                      Read More
                      <ArrowRight aria-hidden="true" />
                    </ShopLink>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
