import type { PublicConfig } from "@common/public-config";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { AnnouncementBar } from "./announcement-bar";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { WhatsAppWidget } from "./whatsapp-widget";

// Loaded after hydration: toasts are never needed for the first paint (see ~/lib/toast.ts).
const Toaster = lazy(() =>
  import("~/components/ui/toaster").then((module) => ({ default: module.Toaster })),
);

/** The chrome around every page (docs/product.md §2, Shared layout). */
export function ShopLayout({
  config,
  year,
  children,
}: {
  config: PublicConfig;
  year: number;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AnnouncementBar messages={config.announcements} />
      <SiteHeader shopName={config.shopName} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter config={config} year={year} />
      <WhatsAppWidget number={config.whatsappNumber} hours={config.supportHours} />
      {hydrated ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}
