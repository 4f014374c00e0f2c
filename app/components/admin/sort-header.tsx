import { ArrowDown, ArrowUp } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";

type Dir = "asc" | "desc";

/**
 * A sortable column's header in an admin list: a link that sorts by it (again: the other way).
 * `current` is the list's present direction; `href` writes the URL of a sort by this column.
 */
function SortHeader({
  label,
  active,
  current,
  href,
}: {
  label: string;
  /** The list is sorted by this column now. */
  active: boolean;
  current: Dir;
  href: (dir: Dir) => string;
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

export type SortableColumn<K extends string> = { key: K | null; label: string; numeric?: boolean };

/**
 * An admin list's header row (hidden on a phone, where rows stack): with `sorting`, each column
 * with a key sorts the list by the URL `sorting.href` writes, and the sorted one says so
 * (`aria-sort`); without, plain labels.
 */
export function SortableHead<K extends string>({
  columns,
  sorting,
}: {
  columns: readonly SortableColumn<K>[];
  sorting?: { sort: K; dir: Dir; href: (key: K, dir: Dir) => string };
}) {
  return (
    <thead className="border-b border-line bg-paper text-ink-muted max-md:sr-only">
      <tr>
        {columns.map((column) => {
          const { key } = column;
          const active = sorting !== undefined && key !== null && sorting.sort === key;
          return (
            <th
              key={column.label}
              scope="col"
              aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : undefined}
              className={cn("px-4 py-3 font-medium", column.numeric && "text-right")}
            >
              {sorting && key ? (
                <SortHeader
                  label={column.label}
                  active={active}
                  current={sorting.dir}
                  href={(dir) => sorting.href(key, dir)}
                />
              ) : (
                column.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
