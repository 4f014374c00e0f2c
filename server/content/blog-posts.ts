import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { parseMediaUrl, shopImages } from "../../common/catalog/product-images";
import { shopMomentOf } from "../../common/dates";
import { type Actor, recordAudit } from "../audit/audit-log";
import { refuseStaleSave } from "../audit/stale-save";
import { tagPage } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import { productHtmlToText } from "../catalog/product-html";
import type { Database } from "../db/database";
import { refusingDuplicates } from "../db/errors";
import { DomainError } from "../errors";
import {
  readEachUntilShopChanges,
  readUntilShopChanges,
  shopChanged,
} from "../events/shop-changed";
import type { PreparedImage } from "../media/image-processing";
import {
  assertImageExists,
  type ImageChoice,
  listImageChoices,
  storeImage,
} from "../media/image-store";
import { BLOG_MESSAGES, type BlogPostInput } from "./blog-form";
import { imagesIn, isShopImagePath, sanitizeContentHtml } from "./content-html";
import { blogPosts } from "./schema";

// The blog (docs/admin.md#blog; decision record 074): posts written in the admin, each a draft
// until published, now or at a time. The storefront shows a post from its time on: the list, the
// post's page, the sitemap and the RSS feed read the same published posts, kept in this process
// until the shop changes and filtered by the clock at each request, so a scheduled post appears
// on time without anyone saving it again.

/** Every post's and the list's pages: the blog, its feed and the sitemap. */
const BLOG_TAG = "blog";

function blogPostTag(id: string): string {
  return `blog-post-${id}`;
}

/** The illustrations the blog ships with, offered as covers beside the shop's own and uploads. */
const blogIllustrations = [
  "/images/blog/coffee-and-your-smile.svg",
  "/images/blog/whitening-myths.svg",
  "/images/blog/make-results-last.svg",
] as const;

const WORDS_PER_MINUTE = 200;

export type BlogPostCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  coverImageUrl: string;
  coverImageAlt: string;
  publishedAt: Date;
  updatedAt: Date;
  readMinutes: number;
};

export type BlogPostPage = BlogPostCard & {
  bodyHtml: string;
  seoTitle: string | null;
  seoDescription: string | null;
};

/** About how long the text takes to read, in whole minutes (at least one). */
function readMinutesOf(html: string): number {
  const words = productHtmlToText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** Posts change rarely; a lost notification is bounded by this. */
const BLOG_KEPT_MS = 60_000;

/** Every post with a time to publish, newest first, scheduled ones included (filtered per request). */
const keptTimedPosts = readUntilShopChanges(BLOG_KEPT_MS, async (db: Database) => {
  const rows = await db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      coverImageUrl: blogPosts.coverImageUrl,
      coverImageAlt: blogPosts.coverImageAlt,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      bodyHtml: blogPosts.bodyHtml,
    })
    .from(blogPosts)
    .where(isNotNull(blogPosts.publishedAt))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(500);
  return rows.map(({ bodyHtml, publishedAt, ...row }) => ({
    ...row,
    publishedAt: publishedAt ?? new Date(0),
    readMinutes: readMinutesOf(bodyHtml),
  }));
});

/** The posts the blog shows at `now`, newest first; the page is tagged with the blog. */
export async function publishedPosts(db: Database, now = new Date()): Promise<BlogPostCard[]> {
  tagPage(BLOG_TAG);
  const posts = await keptTimedPosts(db);
  return posts.filter((post) => post.publishedAt <= now);
}

const keptPostBySlug = readEachUntilShopChanges(
  BLOG_KEPT_MS,
  200,
  (slug: string) => slug,
  async (db: Database, slug: string): Promise<BlogPostPage | null> => {
    const [row] = await db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.slug, slug), isNotNull(blogPosts.publishedAt)));
    if (!row?.publishedAt) return null;
    // Sanitised again on read: what is shown is clean whatever wrote the row.
    const bodyHtml = sanitizeContentHtml(row.bodyHtml);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      coverImageUrl: row.coverImageUrl,
      coverImageAlt: row.coverImageAlt,
      publishedAt: row.publishedAt,
      updatedAt: row.updatedAt,
      readMinutes: readMinutesOf(bodyHtml),
      bodyHtml,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
    };
  },
);

/** A post the blog shows at `now`, by its address; null for a draft, a scheduled one or none. */
export async function publishedPost(
  db: Database,
  slug: string,
  now = new Date(),
): Promise<BlogPostPage | null> {
  const post = await keptPostBySlug(db, slug);
  if (!post || post.publishedAt > now) return null;
  tagPage(blogPostTag(post.id));
  return post;
}

export type AdminBlogPostRow = {
  id: string;
  title: string;
  slug: string;
  publishedAt: Date | null;
  updatedAt: Date;
};

/** Every post for the admin's list: drafts first, then by publishing time, newest first. */
export async function listAdminPosts(db: Database): Promise<AdminBlogPostRow[]> {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .orderBy(
      sql`${blogPosts.publishedAt} is not null`,
      desc(blogPosts.publishedAt),
      desc(blogPosts.updatedAt),
    )
    .limit(500);
}

export type AdminBlogPost = typeof blogPosts.$inferSelect & { readMinutes: number };

/** A post for its editor and preview: its text sanitised again, as the blog shows it. */
export async function getAdminPost(db: Database, id: string): Promise<AdminBlogPost> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw new DomainError("NOT_FOUND", BLOG_MESSAGES.notFound);
  const bodyHtml = sanitizeContentHtml(row.bodyHtml);
  return { ...row, bodyHtml, readMinutes: readMinutesOf(bodyHtml) };
}

/** What a post's cover and text may show: the blog's illustrations, then the shop's uploads. */
export async function blogImageChoices(db: Database): Promise<ImageChoice[]> {
  const uploads = await listImageChoices(db);
  return [
    ...blogIllustrations.map((url) => ({ url, label: url.split("/").at(-1) ?? url })),
    ...uploads.filter((choice) => parseMediaUrl(choice.url) !== null),
  ];
}

/** A cover or an image in the text: the shop's own illustration, or an upload it has. */
async function assertShopImage(tx: Database, url: string, field: string): Promise<void> {
  if (parseMediaUrl(url)) {
    await assertImageExists(tx, url).catch(() => {
      throw new DomainError("BAD_REQUEST", BLOG_MESSAGES.unknownImage, field);
    });
    return;
  }
  const known: readonly string[] = [...shopImages, ...blogIllustrations];
  if (!known.includes(url)) {
    throw new DomainError("BAD_REQUEST", BLOG_MESSAGES.unknownImage, field);
  }
}

/** The cover: a new upload, stored with the post, or one of the shop's images. */
async function coverFor(
  tx: Database,
  actor: Actor,
  chosen: string,
  upload: PreparedImage | null,
): Promise<string> {
  if (upload) return storeImage(tx, actor, upload);
  await assertShopImage(tx, chosen, "coverImageUrl");
  return chosen;
}

/** The text, sanitised, with each image the shop's own and described. */
async function checkedBody(tx: Database, html: string): Promise<string> {
  for (const image of imagesIn(html)) {
    if (!isShopImagePath(image.src)) continue; // dropped by the sanitiser below
    if (image.alt === "") throw new DomainError("BAD_REQUEST", BLOG_MESSAGES.imageAlt, "bodyHtml");
    await assertShopImage(tx, image.src, "bodyHtml");
  }
  return sanitizeContentHtml(html);
}

/** When the post goes on the blog: kept as it was, now, a time, or never (a draft). */
function publishedAtFor(post: BlogPostInput, was: Date | null, now: Date): Date | null {
  if (post.publish === "draft") return null;
  if (post.publish === "now") return was && was <= now ? was : now;
  const at = shopMomentOf(post.publishAt ?? "");
  if (!at) throw new DomainError("BAD_REQUEST", BLOG_MESSAGES.publishAt, "publishAt");
  return at;
}

const fieldLabels: Record<string, string> = {
  title: "title",
  slug: "address",
  excerpt: "excerpt",
  bodyHtml: "text",
  coverImageUrl: "cover image",
  coverImageAlt: "cover image's description",
  seoTitle: "search title",
  seoDescription: "search description",
  publishedAt: "publishing time",
};

const slugTaken = () => new DomainError("CONFLICT", BLOG_MESSAGES.slugTaken, "slug");

/** Writes a new post, or saves one from the version the admin opened. */
export async function saveBlogPost(
  db: Database,
  actor: Actor,
  post: BlogPostInput,
  options: { id?: string | undefined; version?: number | undefined; cover?: PreparedImage | null },
): Promise<{ id: string }> {
  const now = new Date();
  const saved = await refusingDuplicates("blog_posts_slug_unique", slugTaken, () =>
    db.transaction(async (tx) => {
      const [other] = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(
          options.id
            ? and(eq(blogPosts.slug, post.slug), ne(blogPosts.id, options.id))
            : eq(blogPosts.slug, post.slug),
        )
        .limit(1);
      if (other) throw slugTaken();
      const coverImageUrl = await coverFor(tx, actor, post.coverImageUrl, options.cover ?? null);
      const values = {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        bodyHtml: await checkedBody(tx, post.bodyHtml),
        coverImageUrl,
        coverImageAlt: post.coverImageAlt,
        seoTitle: post.seoTitle ?? null,
        seoDescription: post.seoDescription ?? null,
      };
      if (!options.id) {
        const publishedAt = publishedAtFor(post, null, now);
        const [created] = await tx
          .insert(blogPosts)
          .values({ ...values, publishedAt, createdBy: actor.type === "admin" ? actor.id : null })
          .returning({ id: blogPosts.id });
        const id = created?.id ?? "";
        await recordAudit(tx, {
          actor,
          action: "blog-post.created",
          entity: { type: "blog-post", id },
          after: { title: values.title, slug: values.slug, publishedAt, version: 1 },
        });
        if (publishedAt) await enqueuePurge(tx, [BLOG_TAG]);
        return { id, purged: publishedAt !== null };
      }
      const [current] = await tx
        .select()
        .from(blogPosts)
        .where(eq(blogPosts.id, options.id))
        .for("update");
      if (!current) throw new DomainError("NOT_FOUND", BLOG_MESSAGES.notFound);
      await refuseStaleSave(tx, {
        entity: { type: "blog-post", id: current.id },
        noun: "post",
        current: current.version,
        opened: options.version,
        labels: fieldLabels,
      });
      const publishedAt = publishedAtFor(post, current.publishedAt, now);
      const version = current.version + 1;
      await tx
        .update(blogPosts)
        .set({ ...values, publishedAt, version })
        .where(eq(blogPosts.id, current.id));
      const changed = Object.fromEntries(
        Object.entries({ ...values, publishedAt }).filter(
          ([key, value]) =>
            String(value ?? "") !== String(current[key as keyof typeof current] ?? ""),
        ),
      );
      await recordAudit(tx, {
        actor,
        action: "blog-post.updated",
        entity: { type: "blog-post", id: current.id },
        after: { ...changed, version },
      });
      // A draft kept a draft changes nothing a shopper sees.
      const shown = current.publishedAt !== null || publishedAt !== null;
      if (shown) await enqueuePurge(tx, [BLOG_TAG, blogPostTag(current.id)]);
      return { id: current.id, purged: shown };
    }),
  );
  if (saved.purged) shopChanged();
  return { id: saved.id };
}

/** Deletes a post; a published one leaves the blog, its feed and the sitemap. */
export async function deleteBlogPost(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ title: blogPosts.title, slug: blogPosts.slug });
    if (!gone) throw new DomainError("NOT_FOUND", BLOG_MESSAGES.notFound);
    await recordAudit(tx, {
      actor,
      action: "blog-post.deleted",
      entity: { type: "blog-post", id },
      after: gone,
    });
    await enqueuePurge(tx, [BLOG_TAG, blogPostTag(id)]);
  });
  shopChanged();
}
