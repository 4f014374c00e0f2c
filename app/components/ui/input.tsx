import type { ComponentProps } from "react";
import { cn } from "~/lib/class-names";

export const fieldClasses =
  "w-full rounded-[var(--radius-card)] border border-line bg-white px-4 text-base text-ink shadow-xs placeholder:text-slate-500 focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand/40 disabled:opacity-60";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClasses, "h-12", className)} {...props} />;
}
