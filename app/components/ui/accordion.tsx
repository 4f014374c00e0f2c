import { type ReactNode, useId } from "react";
import { ChevronDown } from "~/components/ui/icons";
import { cn } from "~/lib/class-names";

export type AccordionItem = { id: string; question: string; answer: ReactNode };

/**
 * A single-open, collapsible accordion built on <details>: readable and usable without JavaScript.
 * The shared `name` makes the browser close the open item when another opens; onToggle does the
 * same for browsers that do not support `name` yet.
 */
export function Accordion({ items, className }: { items: AccordionItem[]; className?: string }) {
  const group = useId();
  return (
    <div
      className={cn(
        "divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white",
        className,
      )}
    >
      {items.map((item) => (
        <details
          key={item.id}
          name={group}
          className="group"
          onToggle={(event) => {
            const opened = event.currentTarget;
            if (!opened.open) return;
            for (const other of opened.parentElement?.querySelectorAll("details") ?? []) {
              if (other !== opened) other.open = false;
            }
          }}
        >
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink transition-tints hover:text-brand [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-ink-muted transition-transform duration-200 group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 text-ink-muted">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
