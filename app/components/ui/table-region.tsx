import type { ReactNode } from "react";
import { cn } from "~/lib/class-names";

/**
 * A table that may scroll sideways on a narrow screen, in a card: a labelled region that takes
 * the focus, so a keyboard can scroll it too (WCAG 2.1.1), with the table's caption for screen
 * readers.
 */
export function TableRegion({
  label,
  className,
  children,
}: {
  label: string;
  /** The table's own classes: its minimum width, its layout on a phone. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft focus-visible:outline-2"
    >
      <table className={cn("w-full text-left text-sm", className)}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </section>
  );
}

/** What a list says when it has nothing to show, in the card a table would fill. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-muted">
      {children}
    </p>
  );
}

/** A table's header row of plain labels. */
export function HeadRow({ labels, className }: { labels: readonly string[]; className?: string }) {
  return (
    <thead className={cn("border-b border-line bg-paper text-ink-muted", className)}>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className="px-4 py-3 font-medium">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
