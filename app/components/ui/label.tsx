import type { ComponentProps } from "react";
import { cn } from "~/lib/class-names";

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control.
  return <label className={cn("text-sm font-medium text-ink", className)} {...props} />;
}
