import type { ComponentProps } from "react";
import { cn } from "~/lib/class-names";
import { fieldClasses } from "./input";

const heights = { sm: "min-h-20", md: "min-h-24", lg: "min-h-32" } as const;

/** A multi-line text field; `height` is its smallest height (a caller's class cannot change it). */
export function Textarea({
  className,
  height = "lg",
  ...props
}: ComponentProps<"textarea"> & { height?: keyof typeof heights }) {
  return <textarea className={cn(fieldClasses(), heights[height], "py-3", className)} {...props} />;
}
