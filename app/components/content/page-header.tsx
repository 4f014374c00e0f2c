import type { ReactNode } from "react";

export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="bg-brand-soft">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 lg:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children ? (
          <div className="mx-auto mt-4 max-w-2xl text-lg text-ink-muted">{children}</div>
        ) : null}
      </div>
    </header>
  );
}
