import { cn } from "~/lib/class-names";

export function SectionHeading({
  eyebrow,
  title,
  description,
  id,
  align = "center",
  className,
}: {
  eyebrow?: string;
  title: string;
  description?: string;
  id?: string;
  align?: "center" | "start";
  className?: string;
}) {
  return (
    <div
      className={cn(
        "max-w-2xl",
        align === "center" ? "mx-auto text-center" : "text-left",
        className,
      )}
    >
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-brand uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {description ? <p className="mt-4 text-lg text-ink-muted">{description}</p> : null}
    </div>
  );
}
