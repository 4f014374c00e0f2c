import { lazy, Suspense, useEffect, useState } from "react";

// Loaded after hydration: toasts are never needed for the first paint (see ~/lib/toast.ts).
const Toaster = lazy(() =>
  import("~/components/ui/toaster").then((module) => ({ default: module.Toaster })),
);

/** The toasts' region, once the page is interactive: the shop's chrome and the admin's share it. */
export function DeferredToaster() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** The first stop for a keyboard: straight past the header to the page's own content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-brand px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}
