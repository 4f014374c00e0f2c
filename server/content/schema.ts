import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { timestamps } from "../db/columns";

// What the owner writes for the storefront without a developer (docs/decisions/074-the-shops-
// words-in-the-database.md): the blog's posts, and every saved version of the shop's pages.

/**
 * A post: a draft until `published_at` is set, shown from that moment on (a time to come is a
 * post scheduled). Its HTML is sanitised on save and again on render (server/content/content-html.ts).
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /** Its address: /blog/<slug>. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    bodyHtml: text("body_html").notNull(),
    /** One of the shop's images or an upload (common/catalog/product-images.ts). */
    coverImageUrl: text("cover_image_url").notNull(),
    coverImageAlt: text("cover_image_alt").notNull(),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Goes up with every save: a save from an older version is refused. */
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("blog_posts_slug_unique").on(table.slug),
    index("blog_posts_published_at_idx").on(table.publishedAt),
  ],
);

/**
 * Every version of a page the admin saved, the newest its current text. A page without any row
 * shows its starting text (server/content/page-defaults.ts). A restore is saved as a new version,
 * so nothing is ever lost; the key (page, version) refuses two saves from one version.
 */
export const pageVersions = pgTable(
  "page_versions",
  {
    page: text("page").notNull(),
    version: integer("version").notNull(),
    /** The page's fields, checked by its own schema (server/content/page-content.ts). */
    content: jsonb("content").notNull(),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    /** The version this one restored, if it was a restore. */
    restoredFrom: integer("restored_from"),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.page, table.version] })],
);
