import { listingFor, routeMeta } from "@common/seo";
import { publishedPost } from "@server/content/blog-posts";
import { getDb } from "@server/db/connection";
import { data } from "react-router";
import { BlogArticle } from "~/components/content/blog-article";
import { ArrowLeft } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/blog-post";

// /blog/:slug: one published post (docs/admin.md#blog). A draft, a post not yet due or an
// address the blog never had is the shop's 404. Its HTML was sanitised when saved and again when
// read (server/content/content-html.ts).

export async function loader({ params }: Route.LoaderArgs) {
  const post = await publishedPost(await getDb(), params.slug);
  if (!post) throw data(null, { status: 404, statusText: "Not Found" });
  return { post };
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  const post = loaded?.post;
  if (!post) return [];
  return routeMeta(matches, () => ({
    ...listingFor(post, { title: post.title, description: post.excerpt }),
    path: `/blog/${post.slug}`,
    image: { url: post.coverImageUrl, alt: post.coverImageAlt },
    type: "article",
  }));
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return (
    <BlogArticle
      post={loaderData.post}
      before={
        <ShopLink
          to="/blog"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong underline-offset-2 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Smile Journal
        </ShopLink>
      }
    />
  );
}
