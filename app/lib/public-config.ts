/** The configuration the browser may see (DESIGN §3 rule 6): built by server/env.ts from an allowlist. */
export type PublicConfig = {
  shopName: string;
  baseUrl: string;
  demoMode: boolean;
  supportEmail: string;
  supportPhone: string;
  whatsappNumber: string;
  social: { instagram: string; facebook: string; tiktok: string };
};

/** Support hours as the seed spec gives them (§9). */
export const SUPPORT_HOURS = "Mon-Fri 9am-5pm EST";

/** What the root route's loader gives every page. */
export type RootData = {
  config: PublicConfig;
  /** The current year in the shop's time zone, for the footer. */
  year: number;
  /** Today's date, written out ("22 November 2026"), for the policies' "Last updated". */
  today: string;
  /** Whether the visitor has a session: decides where the cart's checkout button leads. */
  signedIn: boolean;
  /** The ids of the products the signed-in customer saved; empty for guests. */
  wishlist: string[];
};

type MatchLike = { id: string; data?: unknown } | undefined;

/** The root loader's data from a route's `matches` (in meta functions and components). */
export function rootDataFrom(matches: ReadonlyArray<MatchLike>): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootData | undefined;
}
