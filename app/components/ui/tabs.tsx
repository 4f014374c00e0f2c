import { type KeyboardEvent, type ReactNode, useId } from "react";
import { cn } from "~/lib/class-names";

type Tab = { value: string; label: string; content: ReactNode };

/**
 * Tabs per the WAI-ARIA pattern: a tablist of buttons, arrow keys move between them, only the
 * chosen panel is shown.
 */
export function Tabs({
  tabs,
  value,
  onValueChange,
  label,
}: {
  tabs: Tab[];
  value: string;
  onValueChange: (value: string) => void;
  label: string;
}) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const index = tabs.findIndex((tab) => tab.value === value);
    const step = event.key === "ArrowRight" ? 1 : -1;
    const nextIndex = (index + step + tabs.length) % tabs.length;
    const next = tabs[nextIndex];
    if (!next) return;
    onValueChange(next.value);
    // The button by its place in the list, not by its id: the ids are the server's (React's
    // useId) and the browser's renderer makes different ones (decision record 028).
    const button = event.currentTarget.children[nextIndex];
    if (button instanceof HTMLElement) button.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid grid-flow-col gap-1 rounded-full bg-mint/50 p-1"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              id={`${id}-tab-${tab.value}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(tab.value)}
              className={cn(
                "h-10 rounded-full text-sm font-semibold transition-tints",
                selected
                  ? "bg-white text-brand-strong shadow-sm"
                  : "text-ink hover:text-brand-strong",
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          id={`${id}-panel-${tab.value}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${tab.value}`}
          hidden={tab.value !== value}
          className="pt-6"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
