import type { ComponentProps } from "react";
import { cn } from "~/lib/class-names";

const fieldBase =
  "w-full rounded-[var(--radius-card)] border px-4 text-base shadow-xs focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand/40 disabled:opacity-60";

/**
 * A text field on a light background (the default) or on the dark footer. A read-only field (the
 * checkout's account email) looks settled, so nobody tries to type in it.
 */
export function fieldClasses(tone: "light" | "dark" = "light"): string {
  return cn(
    fieldBase,
    tone === "light"
      ? // A <select> matches :read-only too (it has no typed text): only typed fields look settled.
        "border-line bg-white text-ink placeholder:text-slate-500 [&:is(input,textarea):read-only]:bg-paper [&:is(input,textarea):read-only]:text-ink-muted"
      : "border-slate-600 bg-slate-800 text-white placeholder:text-slate-400",
  );
}

export function Input({
  className,
  tone,
  ...props
}: ComponentProps<"input"> & { tone?: "light" | "dark" }) {
  return <input className={cn(fieldClasses(tone), "h-12", className)} {...props} />;
}
