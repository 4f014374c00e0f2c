import { ratingLabel, reviewCount } from "@common/reviews/ratings";
import type { ProductReviewsView } from "@common/reviews/review-types";
import { useEffect, useRef } from "react";
import { buttonVariants } from "~/components/ui/button";
import { BadgeCheck } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { Stars } from "~/components/ui/stars";
import { cn } from "~/lib/class-names";
import { ReportReviewButton, ReportReviewsForm, useReviewReports } from "./report-review-button";

// The product page's reviews: the average, count and share per star (each a filter),
// then the visible reviews newest first, a page at a time. Links only: it works without
// JavaScript and every state has its own URL.

function reviewsUrl(productId: string, options: { stars?: number; page?: number }) {
  const params = new URLSearchParams();
  if (options.stars) params.set("stars", String(options.stars));
  if (options.page && options.page > 1) params.set("reviews", String(options.page));
  const query = params.toString();
  return `/product/${productId}${query ? `?${query}` : ""}#reviews`;
}

function Distribution({
  productId,
  distribution,
  total,
  stars,
}: {
  productId: string;
  distribution: ProductReviewsView["distribution"];
  total: number;
  stars: number | null;
}) {
  return (
    <ul className="space-y-1.5" aria-label="Reviews by stars">
      {[5, 4, 3, 2, 1].map((star) => {
        const reviews = distribution[star - 1] ?? 0;
        const percent = total > 0 ? Math.round((reviews / total) * 100) : 0;
        const current = stars === star;
        return (
          <li key={star}>
            <ShopLink
              to={reviewsUrl(productId, { stars: star })}
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={cn(
                "grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-3 rounded-md px-2 py-1 text-sm hover:bg-brand-soft",
                current && "bg-brand-soft font-semibold",
              )}
            >
              <span>{`${star} ${star === 1 ? "star" : "stars"}`}</span>
              <span className="h-2 overflow-hidden rounded-full bg-line" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-amber"
                  style={{ width: `${percent}%` }}
                />
              </span>
              <span className="text-right text-ink-muted">
                {reviews}
                <span className="sr-only">{reviews === 1 ? " review" : " reviews"}</span>
              </span>
            </ShopLink>
          </li>
        );
      })}
    </ul>
  );
}

export function ProductReviews({
  productId,
  productName,
  reviews,
}: {
  productId: string;
  productName: string;
  reviews: ProductReviewsView;
}) {
  const total = reviews.distribution.reduce((sum, count) => sum + count, 0);
  const reports = useReviewReports();
  // The reviews' code arrives after the page hydrates (a lazy chunk): until then their Report
  // buttons are plain forms. Marked once live, as <html> is (root.tsx), for end-to-end tests.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (section.current) section.current.dataset.hydrated = "true";
  }, []);
  const writeLink = (
    <ShopLink
      to={`/product/${productId}/review`}
      className={cn(buttonVariants({ variant: "secondary" }), "self-start")}
    >
      Write a review
    </ShopLink>
  );
  return (
    <section ref={section} id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-24">
      <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
        Customer reviews
      </h2>
      {reviews.rating ? (
        <div className="mt-6 grid gap-10 lg:grid-cols-[20rem_1fr]">
          <div className="flex flex-col gap-5">
            <div className="flex items-center gap-3">
              <span className="text-4xl font-bold" aria-hidden="true">
                {reviews.rating.average.toFixed(1)}
              </span>
              <div>
                <Stars
                  value={reviews.rating.average}
                  label={ratingLabel(reviews.rating.average)}
                  className="text-xl"
                />
                <p className="text-sm text-ink-muted">{reviewCount(reviews.rating.count)}</p>
              </div>
            </div>
            <Distribution
              productId={productId}
              distribution={reviews.distribution}
              total={total}
              stars={reviews.stars}
            />
            {writeLink}
          </div>
          <div>
            {reviews.stars ? (
              <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
                Showing {reviewCount(reviews.matching)} with {reviews.stars}{" "}
                {reviews.stars === 1 ? "star" : "stars"}.{" "}
                <ShopLink to={reviewsUrl(productId, {})} preventScrollReset>
                  Show all reviews
                </ShopLink>
              </p>
            ) : null}
            {reviews.reviews.length > 0 ? (
              <ReportReviewsForm productId={productId} reports={reports}>
                <ol className="divide-y divide-line">
                  {reviews.reviews.map((review) => (
                    <li key={review.id} className="py-6 first:pt-0">
                      <article aria-labelledby={`review-${review.id}`}>
                        <Stars value={review.rating} label={ratingLabel(review.rating)} />
                        <h3 id={`review-${review.id}`} className="mt-2 font-semibold">
                          {review.title}
                        </h3>
                        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                          <span>
                            {`${review.reviewer}, `}
                            <time dateTime={new Date(review.createdAt).toISOString()}>
                              {review.createdOn}
                            </time>
                            {review.edited ? " (edited)" : null}
                          </span>
                          <span className="inline-flex items-center gap-1 font-medium text-brand-strong">
                            <BadgeCheck className="size-4" aria-hidden="true" />
                            Verified purchase
                          </span>
                        </p>
                        <p className="mt-3 whitespace-pre-line text-ink">{review.body}</p>
                        <ReportReviewButton
                          reviewId={review.id}
                          title={review.title}
                          reports={reports}
                        />
                      </article>
                    </li>
                  ))}
                </ol>
              </ReportReviewsForm>
            ) : (
              <p className="text-ink-muted">No reviews with this many stars.</p>
            )}
            {reviews.pageCount > 1 ? (
              <nav aria-label="Review pages" className="mt-6 flex items-center gap-3 text-sm">
                {reviews.page > 1 ? (
                  <ShopLink
                    to={reviewsUrl(productId, {
                      stars: reviews.stars ?? undefined,
                      page: reviews.page - 1,
                    })}
                    preventScrollReset
                    className={buttonVariants({ variant: "secondary", size: "sm" })}
                  >
                    Newer reviews
                  </ShopLink>
                ) : null}
                <span className="text-ink-muted">
                  Page {reviews.page} of {reviews.pageCount}
                </span>
                {reviews.page < reviews.pageCount ? (
                  <ShopLink
                    to={reviewsUrl(productId, {
                      stars: reviews.stars ?? undefined,
                      page: reviews.page + 1,
                    })}
                    preventScrollReset
                    className={buttonVariants({ variant: "secondary", size: "sm" })}
                  >
                    Older reviews
                  </ShopLink>
                ) : null}
              </nav>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          <p className="text-ink-muted">
            No reviews of {productName} yet. Bought it? Tell other shoppers what you think.
          </p>
          {writeLink}
        </div>
      )}
    </section>
  );
}
