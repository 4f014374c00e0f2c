import { blogPostStatusLabels, postStatus } from "@common/content/blog";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { blogPostFormSchema, blogPostIdSchema } from "@server/content/blog-form";
import {
  blogImageChoices,
  deleteBlogPost,
  getAdminPost,
  saveBlogPost,
} from "@server/content/blog-posts";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { answerForm, formIntent } from "@server/http/form-action";
import { prepareUpload } from "@server/media/image-processing";
import { redirect } from "react-router";
import { BlogPostForm, DeletePostForm } from "~/components/admin/blog-post-editor";
import { BlogArticle } from "~/components/content/blog-article";
import { cardClass } from "~/components/ui/card";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/dashboard.admin-blog-post";

// /dashboard/admin-blog/:postId ("new" for a new one): a post's editor, its preview as the blog
// will show it, and its deletion (behind the admin's guard, dashboard.admin; docs/admin.md#blog).

export async function loader({ params }: Route.LoaderArgs) {
  const db = await getDb();
  const images = await blogImageChoices(db);
  const now = new Date();
  if (params.postId === "new") return { post: null, images, now };
  const post = await getAdminPost(db, params.postId).catch((error: unknown) => {
    if (error instanceof DomainError) throw new Response("Not found", { status: 404 });
    throw error;
  });
  return { post, images, now };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(blogPostFormSchema, async ({ id, version, coverFile, post }) => {
      const saved = await saveBlogPost(db, admin, post, {
        id,
        version,
        cover: await prepareUpload(coverFile),
      });
      if (!id) throw redirect(`/dashboard/admin-blog/${saved.id}`);
    }),
    delete: formIntent(blogPostIdSchema, async ({ id }) => {
      await deleteBlogPost(db, admin, id);
      throw redirect("/dashboard/admin-blog");
    }),
  });
}

export function meta({ matches, data }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: data?.post ? `Post: ${data.post.title}` : "New post",
    description: "A blog post, in the admin.",
    path: "/dashboard/admin-blog",
    noindex: true,
  }));
}

export default function AdminBlogPost({ loaderData }: Route.ComponentProps) {
  const { post, images, now } = loaderData;
  const status = post ? postStatus(post.publishedAt, new Date(now)) : null;
  return (
    <section>
      <ShopLink
        to="/dashboard/admin-blog"
        className="text-sm font-medium text-brand-strong underline-offset-2 hover:underline"
      >
        ← All posts
      </ShopLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{post ? post.title : "New post"}</h1>
        {post && status ? (
          <p className="rounded-full bg-mint px-3 py-1 text-sm font-semibold text-brand-strong">
            {blogPostStatusLabels[status]}
          </p>
        ) : null}
      </div>
      <div className="mt-6 grid gap-6 xl:grid-cols-2 xl:items-start">
        <div className="min-w-0 space-y-6">
          <BlogPostForm key={post?.version ?? 0} post={post} images={images} now={new Date(now)} />
          {post ? (
            <div className="flex flex-wrap items-center gap-4">
              {status === "published" ? (
                <ShopLink
                  to={`/blog/${post.slug}`}
                  className="font-medium text-brand-strong underline underline-offset-2"
                >
                  View on the blog
                </ShopLink>
              ) : null}
              <DeletePostForm post={post} />
            </div>
          ) : null}
        </div>
        {post ? (
          <section aria-labelledby="post-preview-heading" className={`${cardClass} min-w-0`}>
            <h2 id="post-preview-heading" className="text-lg font-semibold">
              Preview, as saved
            </h2>
            <div className="mt-4 overflow-hidden rounded-[var(--radius-card)] border border-line bg-paper">
              <BlogArticle post={post} />
            </div>
          </section>
        ) : null}
      </div>
    </section>
  );
}
