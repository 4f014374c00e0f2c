import { fillText } from "@common/content/placeholders";
import type { PublicConfig } from "@common/public-config";
import type { ReactNode } from "react";
import { pagePlaceholders } from "~/lib/page-placeholders";
import { AnnouncementBar } from "./announcement-bar";
import { DeferredToaster, SkipLink } from "./deferred-toaster";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { WhatsAppWidget } from "./whatsapp-widget";

/**
 * The chrome around every shop page (docs/product.md#screens, Shared layout). On a page where the
 * shopper is paying (`focused`), the newsletter and the chat bubble step aside: nothing to sign up
 * to or float over the card form (docs/storefront.md, Checkout).
 */
export function ShopLayout({
  config,
  announcements,
  year,
  focused = false,
  children,
}: {
  config: PublicConfig;
  /** The home page's content's, placeholders unfilled. */
  announcements: string[];
  year: number;
  focused?: boolean;
  children: ReactNode;
}) {
  const values = pagePlaceholders(config);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AnnouncementBar messages={announcements.map((message) => fillText(message, values))} />
      <SiteHeader shopName={config.shopName} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter config={config} year={year} newsletter={!focused} />
      {focused ? null : (
        <WhatsAppWidget number={config.whatsappNumber} hours={config.supportHours} />
      )}
      <DeferredToaster />
    </div>
  );
}
