import { ArrowDown, ArrowUp } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";

/**
 * A sortable column's header in an admin list: a link that sorts by it (again: the other way).
 * `current` is the list's present sort; `href` writes the URL of a sort by this column.
 */
export function SortHeader({
  label,
  active,
  current,
  href,
}: {
  label: string;
  /** The list is sorted by this column now. */
  active: boolean;
  current: "asc" | "desc";
  href: (dir: "asc" | "desc") => string;
}) {
  const dir = active ? (current === "desc" ? "asc" : "desc") : "desc";
  const Icon = current === "desc" ? ArrowDown : ArrowUp;
  return (
    <ShopLink
      to={href(dir)}
      className={cn(
        "inline-flex items-center gap-1 rounded hover:text-ink",
        active && "font-semibold text-ink",
      )}
      aria-label={`Sort by ${label.toLowerCase()}, ${dir === "asc" ? "ascending" : "descending"}`}
    >
      {label}
      {active ? <Icon className="size-3.5" aria-hidden="true" /> : null}
    </ShopLink>
  );
}
