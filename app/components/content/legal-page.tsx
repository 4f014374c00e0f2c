import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/** The policies' shared frame; "Last updated" shows today's date (docs/product.md#screens). */
export function LegalPage({
  title,
  today,
  children,
}: {
  title: string;
  today: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title}>
        <p>
          Last updated: <time>{today}</time>
        </p>
      </PageHeader>
      <article className="legal-text mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        {children}
      </article>
    </>
  );
}
