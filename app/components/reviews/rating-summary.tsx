import { type RatingSummary as Rating, ratingLabel, reviewCount } from "@common/reviews/ratings";
import { Stars } from "~/components/ui/stars";
import { cn } from "~/lib/class-names";

/**
 * A product's stars, average and review count, from buyers' visible reviews: on cards, search
 * results, the featured block and the product page. Nothing at all for a product without reviews.
 */
export function RatingSummary({
  rating,
  className,
  href,
}: {
  rating: Rating | null;
  className?: string;
  /** Where the count leads (the product page's reviews). */
  href?: string;
}) {
  if (!rating) return null;
  const count = reviewCount(rating.count);
  return (
    <p
      className={cn(
        "flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-ink-muted",
        className,
      )}
    >
      <Stars value={rating.average} label={ratingLabel(rating.average)} className="text-base" />
      <span aria-hidden="true" className="font-medium text-ink">
        {rating.average.toFixed(1)}
      </span>
      {href ? (
        <a href={href} className="underline-offset-2 hover:text-brand hover:underline">
          {count}
        </a>
      ) : (
        <span className="whitespace-nowrap">({count})</span>
      )}
    </p>
  );
}
