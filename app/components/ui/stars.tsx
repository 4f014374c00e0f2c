import type { CSSProperties } from "react";
import { cn } from "~/lib/class-names";

// Five stars filled to a value from 0 to 5 (4.6 fills four and most of the fifth): one element,
// drawn by the `.stars` rule in app.css (amber up to the value, grey after it, cut to five stars by
// a mask of STAR_PATH), so a list of reviews renders one node per rating, not six. One image to
// assistive technology, named by `label`; amber is the brand's colour for ratings only
// (docs/brand.md).

/** A five-pointed star in a 24 × 24 box, starting at its top point, every step relative. */
export const STAR_PATH =
  "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6-5.9-3.3-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

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
  const style = { "--stars": `${percent}%` } as CSSProperties;
  return <span role="img" aria-label={label} className={cn("stars", className)} style={style} />;
}
