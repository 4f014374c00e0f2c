// Where a blog post stands (docs/admin.md#blog): a draft until it has a time to publish, then
// scheduled until that time, then published. Read by the server and by the admin's screens.

export type BlogPostStatus = "draft" | "scheduled" | "published";

export const blogPostStatusLabels: Record<BlogPostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

export function postStatus(publishedAt: Date | null, now = new Date()): BlogPostStatus {
  if (!publishedAt) return "draft";
  return publishedAt > now ? "scheduled" : "published";
}
