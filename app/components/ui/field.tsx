import type { ReactNode } from "react";
import { cn } from "~/lib/class-names";
import { Label } from "./label";

/** A form control with its label above it (the control carries `id`), and an optional hint. */
export function Field({
  id,
  label,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  /** Shown under the control; give the control `aria-describedby={`${id}-hint`}`. */
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
