import { imageSrcSet } from "@common/catalog/product-images";
import { formatLongDate } from "@common/dates";
import type { ReactNode } from "react";

/** A post as the blog shows it; its HTML sanitised by the server (server/content/content-html.ts). */
export type BlogArticleView = {
  title: string;
  excerpt: string;
  bodyHtml: string;
  coverImageUrl: string;
  coverImageAlt: string;
  /** When it is (or will be) published; null for a draft. */
  publishedAt: Date | string | null;
  readMinutes: number;
};

/** A blog post's page: title, date, excerpt, cover and text (the blog and the admin's preview). */
export function BlogArticle({ post, before }: { post: BlogArticleView; before?: ReactNode }) {
  const published = post.publishedAt ? new Date(post.publishedAt) : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      {before}
      <header className="mt-6 space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{post.title}</h1>
        <p className="text-sm text-ink-muted">
          {published ? (
            <time dateTime={published.toISOString()}>{formatLongDate(published)}</time>
          ) : (
            "Not published"
          )}
          {" · "}
          {post.readMinutes} min read
        </p>
        <p className="text-lg text-ink-muted">{post.excerpt}</p>
      </header>
      <img
        src={post.coverImageUrl}
        srcSet={imageSrcSet(post.coverImageUrl)}
        sizes="(min-width: 768px) 768px, 100vw"
        alt={post.coverImageAlt}
        width={800}
        height={500}
        className="mt-8 aspect-[8/5] w-full rounded-[var(--radius-card)] bg-mint object-cover shadow-soft"
      />
      <div
        className="rich-text mt-10"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised allowlist HTML from the server.
        dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
      />
    </article>
  );
}
