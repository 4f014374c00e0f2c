import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { HydrationSlice } from "~/components/ui/hydration-slice";
import type { PublicConfig } from "~/lib/public-config";
import { AnnouncementBar } from "./announcement-bar";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { WhatsAppWidget } from "./whatsapp-widget";

// Loaded after hydration: toasts are never needed for the first paint (see ~/lib/toast.ts).
const Toaster = lazy(() =>
  import("~/components/ui/toaster").then((module) => ({ default: module.Toaster })),
);

/** The chrome around every page (seed spec §2, Shared layout). */
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
      {/* Each part may be hydrated in a task of its own (a single element each). */}
      <HydrationSlice>
        <SiteHeader shopName={config.shopName} />
      </HydrationSlice>
      <HydrationSlice>
        <main id="main" className="flex-1">
          {children}
        </main>
      </HydrationSlice>
      <HydrationSlice>
        <SiteFooter config={config} year={year} />
      </HydrationSlice>
      <HydrationSlice>
        <WhatsAppWidget number={config.whatsappNumber} hours={config.supportHours} />
      </HydrationSlice>
      {hydrated ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}
