import { formatDateTime } from "@common/dates";
import { groupThousands } from "@common/numbers";
import { ratingLabel } from "@common/reviews/ratings";
import { Link } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { Flag } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Stars } from "~/components/ui/stars";
import { cn } from "~/lib/class-names";
import { showToast } from "~/lib/toast";

// The admin's reviews: a filter (all, reported, hidden), and per review its
// text as written (shown as text), who wrote it, and a form to hide or show it with a reason.

type ModeratedReview = {
  id: string;
  productId: string;
  productName: string;
  rating: number;
  title: string;
  body: string;
  reviewerName: string;
  reviewerEmail: string;
  createdAt: Date | string;
  hiddenAt: Date | string | null;
  hiddenReason: string | null;
  reportedAt: Date | string | null;
  reports: number;
};

const filters = [
  { show: "all", label: "All" },
  { show: "reported", label: "Reported" },
  { show: "hidden", label: "Hidden" },
] as const;

type ModerationFetcher = ReturnType<typeof useAccountForm>;

function ModerationForm({
  review,
  fetcher,
  busy,
}: {
  review: ModeratedReview;
} & ModerationFetcher) {
  const hidden = review.hiddenAt !== null;
  const intent = hidden ? "show" : "hide";
  const reasonId = `reason-${review.id}`;
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="reviewId" value={review.id} />
      <div className="min-w-56 flex-1 space-y-1">
        <label htmlFor={reasonId} className="text-sm font-medium">
          Reason
        </label>
        <Input id={reasonId} name="reason" required maxLength={500} />
      </div>
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={hidden ? "secondary" : "destructive"}
        size="sm"
        disabled={busy}
      >
        {hidden ? "Show review" : "Hide review"}
      </Button>
    </fetcher.Form>
  );
}

export function ReviewModeration({
  show,
  reviews,
  total,
  page,
  pageCount,
}: {
  show: (typeof filters)[number]["show"];
  reviews: ModeratedReview[];
  total: number;
  page: number;
  pageCount: number;
}) {
  // One fetcher for every review's form, kept here: a review shown again leaves the "Hidden"
  // list at once, and its answer must still be told.
  const moderation = useAccountForm("moderate-review", (result) => {
    const hid = result.intent === "hide";
    if (result.ok) void showToast(hid ? "Review hidden" : "Review shown");
    else {
      void showToast(hid ? "Review not hidden" : "Review not shown", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  const pageUrl = (to: number) => `/dashboard/admin-reviews?show=${show}&page=${to}`;
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Reviews</h1>
      <p className="mt-2 text-ink-muted">
        Reviews by buyers, newest first. A hidden review counts nowhere in the shop.
      </p>
      <nav aria-label="Show reviews" className="mt-6 flex flex-wrap gap-2">
        {filters.map((filter) => (
          <Link
            key={filter.show}
            to={`/dashboard/admin-reviews?show=${filter.show}`}
            aria-current={filter.show === show ? "page" : undefined}
            className={buttonVariants({
              variant: filter.show === show ? "primary" : "secondary",
              size: "sm",
            })}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      <p className="mt-4 text-sm text-ink-muted">
        {total === 1 ? "1 review" : `${groupThousands(total)} reviews`}
      </p>
      {reviews.length === 0 ? (
        <p className="mt-4 rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-muted">
          No reviews found.
        </p>
      ) : (
        <ol className="mt-4 space-y-4">
          {reviews.map((review) => (
            <li
              key={review.id}
              className={cn(
                "rounded-[var(--radius-card)] border bg-white p-5 shadow-soft",
                review.reportedAt && !review.hiddenAt ? "border-coral" : "border-line",
              )}
            >
              <article aria-labelledby={`moderated-${review.id}`}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Stars value={review.rating} label={ratingLabel(review.rating)} />
                  <h2 id={`moderated-${review.id}`} className="font-semibold">
                    {review.title}
                  </h2>
                  {review.hiddenAt ? (
                    <span className="rounded-full bg-line px-2.5 py-0.5 text-xs font-semibold">
                      Hidden
                    </span>
                  ) : null}
                  {review.reportedAt && !review.hiddenAt ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-coral/10 px-2.5 py-0.5 text-xs font-semibold text-coral-strong">
                      <Flag className="size-3" aria-hidden="true" />
                      Reported {review.reports === 1 ? "once" : `${review.reports} times`}
                    </span>
                  ) : null}
                </div>
                <p className="mt-1 text-sm text-ink-muted">
                  <Link to={`/product/${review.productId}#reviews`}>{review.productName}</Link>
                  {" · "}
                  {review.reviewerName} ({review.reviewerEmail}) ·{" "}
                  {formatDateTime(review.createdAt)}
                </p>
                <p className="mt-3 whitespace-pre-line">{review.body}</p>
                {review.hiddenAt && review.hiddenReason ? (
                  <p className="mt-2 text-sm text-ink-muted">Hidden: {review.hiddenReason}</p>
                ) : null}
                {/* A new form (an empty reason) whenever the review changes state. */}
                <ModerationForm
                  key={review.hiddenAt ? "hidden" : "shown"}
                  review={review}
                  {...moderation}
                />
              </article>
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Review pages" className="mt-6 flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link
              to={pageUrl(page - 1)}
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              Previous
            </Link>
          ) : null}
          <span className="text-ink-muted">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link
              to={pageUrl(page + 1)}
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
