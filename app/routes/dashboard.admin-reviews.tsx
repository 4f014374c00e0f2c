import { pageNumber } from "@common/page-number";
import { moderationForm } from "@common/reviews/review-form";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { logger } from "@server/logger";
import {
  listReviewsForModeration,
  reviewModerationFilters,
  setReviewHidden,
} from "@server/reviews/reviews";
import { useEffect } from "react";
import { z } from "zod";
import { ReviewModeration } from "~/components/admin/review-moderation";
import { showToast } from "~/lib/toast";
import type { Route } from "./+types/dashboard.admin-reviews";

// /dashboard/admin-reviews: every review, those customers reported, and those hidden; the admin
// hides or shows one with a reason (audited). Behind the admin's guard (dashboard.admin).

const query = z.object({
  show: z.enum(reviewModerationFilters).catch("all"),
  page: pageNumber,
});

export async function loader({ url }: Route.LoaderArgs) {
  const { show, page } = query.parse(Object.fromEntries(url.searchParams));
  try {
    return { show, ...(await listReviewsForModeration(await getDb(), show, page)), error: null };
  } catch (error) {
    logger.error({ err: error }, "the reviews could not be read");
    return {
      show,
      reviews: [],
      total: 0,
      page: 1,
      pageCount: 1,
      error: "The reviews could not be read. Please try again.",
    };
  }
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  return answerForm(request, {
    hide: formIntent(moderationForm, (input) =>
      setReviewHidden(db, adminActor(admin.id), input.reviewId, true, input.reason),
    ),
    show: formIntent(moderationForm, (input) =>
      setReviewHidden(db, adminActor(admin.id), input.reviewId, false, input.reason),
    ),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Reviews",
    description: "Moderate customer reviews.",
    path: "/dashboard/admin-reviews",
    noindex: true,
  }));
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { error } = loaderData;
  useEffect(() => {
    if (error) void showToast("Error fetching reviews", { description: error, tone: "error" });
  }, [error]);
  return <ReviewModeration {...loaderData} />;
}
