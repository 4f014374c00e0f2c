import type { ComponentProps } from "react";
import { cn } from "~/lib/class-names";
import { fieldClasses } from "./input";

/** A native <select> styled as the shop's fields (native: keyboard, phone pickers, no script). */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(fieldClasses(), "h-12 pr-10", className)} {...props} />;
}
