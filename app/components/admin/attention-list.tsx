import type { ReactNode } from "react";

/**
 * A list on the admin's overview of things that need a person (payments to refund, emails not
 * delivered): a heading, a calm sentence when there are none, else one highlighted card each.
 */
export function AttentionList<T>({
  id,
  title,
  empty,
  items,
  keyOf,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  items: T[];
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 rounded-[var(--radius-card)] border border-line bg-white p-5 text-ink-muted">
          {empty}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((item) => (
            <li
              key={keyOf(item)}
              className="rounded-[var(--radius-card)] border border-coral/40 bg-white p-5 shadow-soft"
            >
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
