import { blogPostStatusLabels, postStatus } from "@common/content/blog";
import { formatDateTime } from "@common/dates";
import { routeMeta } from "@common/seo";
import { listAdminPosts } from "@server/content/blog-posts";
import { getDb } from "@server/db/connection";
import { buttonVariants } from "~/components/ui/button";
import { ShopLink } from "~/components/ui/shop-link";
import { EmptyCard, HeadRow, TableRegion } from "~/components/ui/table-region";
import type { Route } from "./+types/dashboard.admin-blog";

// /dashboard/admin-blog: the blog's posts, drafts first, and a new one (behind the admin's guard,
// dashboard.admin; docs/admin.md#blog).

export async function loader() {
  const now = new Date();
  const posts = await listAdminPosts(await getDb());
  return { posts: posts.map((post) => ({ ...post, status: postStatus(post.publishedAt, now) })) };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Blog",
    description: "The blog's posts, in the admin.",
    path: "/dashboard/admin-blog",
    noindex: true,
  }));
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Blog</h1>
        <ShopLink to="/dashboard/admin-blog/new" className={buttonVariants()}>
          New post
        </ShopLink>
      </div>
      <p className="mt-2 text-ink-muted">
        Posts for the shop's Smile Journal. A draft stays here until you publish it, now or at a
        time you choose; the blog, its RSS feed and the sitemap follow.
      </p>
      <div className="mt-6">
        {posts.length === 0 ? (
          <EmptyCard>No posts yet.</EmptyCard>
        ) : (
          <TableRegion label="Posts" className="min-w-[36rem]">
            <HeadRow labels={["Title", "Status", "Published", "Last saved"]} />
            <tbody className="divide-y divide-line">
              {posts.map((post) => (
                <tr key={post.id} data-testid="post-row">
                  <td className="px-4 py-3">
                    <ShopLink
                      to={`/dashboard/admin-blog/${encodeURIComponent(post.id)}`}
                      className="font-medium text-brand-strong underline-offset-2 hover:underline"
                    >
                      {post.title}
                    </ShopLink>
                  </td>
                  <td className="px-4 py-3">{blogPostStatusLabels[post.status]}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {post.publishedAt ? formatDateTime(post.publishedAt) : "Not yet"}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(post.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
      </div>
    </section>
  );
}
