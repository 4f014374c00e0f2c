import { StarRow } from "~/components/ui/icons";
import { cn } from "~/lib/class-names";

// Five stars filled to a value from 0 to 5 (4.6 fills four and most of the fifth): grey stars
// with amber ones over them, cut to the value's width. One image to assistive technology, named by
// `label`; amber is the brand's colour for ratings only (docs/brand.md).

/** A five-pointed star in a 24 × 24 box, starting at its top point, every step relative. */
const STAR_OUTLINE = "2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6-5.9-3.3-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";
export const STAR_PATH = `M12 ${STAR_OUTLINE}`;

/**
 * Five stars side by side in a 120 × 24 box, as the sprite's "gleam-stars" draws them (icons.svg;
 * icons.test.tsx checks its path is this one): one element to render, not five.
 */
export const STAR_ROW_PATH = [0, 1, 2, 3, 4]
  .map((index) => `M${12 + 24 * index} ${STAR_OUTLINE}`)
  .join("");

function Row({ className }: { className: string }) {
  return <StarRow className={cn("block h-[1em] w-[5em] shrink-0", className)} />;
}

export function Stars({
  value,
  label,
  className,
}: {
  value: number;
  /** What the stars say in words, such as 'Rated 4.6 out of 5'. */
  label: string;
  className?: string;
}) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span role="img" aria-label={label} className={cn("relative inline-flex", className)}>
      <Row className="text-line" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
        <Row className="text-amber" />
      </span>
    </span>
  );
}
