import type { PricingSettings } from "./checkout/pricing";

/**
 * The settings the browser may see (docs/architecture.md#layout rule 6): built by server/settings/shop-settings.ts
 * from an allowlist.
 */
export type PublicConfig = {
  shopName: string;
  baseUrl: string;
  demoMode: boolean;
  supportEmail: string;
  supportPhone: string;
  /** When support answers ("Mon-Fri 9am-5pm UK time" by default, docs/product.md#constants). */
  supportHours: string;
  whatsappNumber: string;
  social: { instagram: string; facebook: string; tiktok: string };
  pricing: PricingSettings;
};

/** What the root route's loader gives every page. */
export type RootData = {
  config: PublicConfig;
  /**
   * The announcement bar's three messages as the home page's content has them (its placeholders
   * filled in where they are shown, like every page's).
   */
  announcements: string[];
  /** The current year in the shop's time zone, for the footer. */
  year: number;
  /** Today's date, written out ("22 November 2026"), for the policies' "Last updated". */
  today: string;
};

type MatchLike = { id: string; data?: unknown } | undefined;

/** The root loader's data from a route's `matches` (in meta functions and components). */
export function rootDataFrom(matches: ReadonlyArray<MatchLike>): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootData | undefined;
}

/** The shop's public settings in a page component, which only renders once the root loader has. */
export function configFrom(matches: ReadonlyArray<MatchLike>): PublicConfig {
  const config = rootDataFrom(matches)?.config;
  if (!config) throw new Error("the root loader's data is missing");
  return config;
}
