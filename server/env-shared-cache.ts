import { z } from "zod";
import { emptyToUndefined, optionalString, optionalUrl } from "./env-values";

// The shared cache's variables (docs/configuration.md, docs/decisions/049-shared-cache.md), read
// by server/env.ts with the rest: how long a cache in front keeps a public page, and how a change
// purges it.

export const sharedCacheVariables = {
  /**
   * How long a shared cache in front (a CDN, Varnish, nginx) keeps a public page, and serves it
   * stale while it asks again or while the shop is away (docs/decisions/049-shared-cache.md).
   */
  CACHE_S_MAXAGE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(86_400).default(20),
  ),
  CACHE_STALE_WHILE_REVALIDATE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(86_400).default(30),
  ),
  CACHE_STALE_IF_ERROR_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(604_800).default(86_400),
  ),
  /** How a change purges the shared cache's copies: none, PURGE requests, or a CDN's API. */
  CACHE_PURGE: z.preprocess(
    emptyToUndefined,
    z.enum(["none", "http", "cloudflare", "fastly"]).default("none"),
  ),
  /** `http`: where PURGE requests go, comma-separated (one per cache). */
  CACHE_PURGE_URLS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((url) => url.trim())
          .filter((url) => url !== ""),
      )
      .pipe(z.array(z.url())),
  ),
  /** `http`: a bearer token sent with each PURGE; `cloudflare`/`fastly`: the API token. */
  CACHE_PURGE_TOKEN: optionalString,
  CLOUDFLARE_ZONE_ID: optionalString,
  FASTLY_SERVICE_ID: optionalString,
  /** The CDN's API address: only for a test's stand-in. */
  CACHE_PURGE_API_URL: optionalUrl,
};

type SharedCacheEnv = z.infer<z.ZodObject<typeof sharedCacheVariables>>;

/** How a purge reaches the cache in front (server/cache/purge-adapters.ts). */
export type PurgeConfig =
  | { kind: "none" }
  | { kind: "http"; urls: readonly string[]; token?: string }
  | { kind: "cloudflare"; zoneId: string; token: string; apiUrl?: string }
  | { kind: "fastly"; serviceId: string; token: string; apiUrl?: string };

export function purgeConfigOf(raw: SharedCacheEnv, problems: string[]): PurgeConfig {
  const token = raw.CACHE_PURGE_TOKEN;
  const apiUrl = raw.CACHE_PURGE_API_URL?.replace(/\/+$/, "");
  switch (raw.CACHE_PURGE) {
    case "none":
      return { kind: "none" };
    case "http":
      if (raw.CACHE_PURGE_URLS.length === 0) {
        problems.push("CACHE_PURGE_URLS: CACHE_PURGE=http needs the caches' purge addresses");
      }
      return { kind: "http", urls: raw.CACHE_PURGE_URLS, token };
    case "cloudflare":
      if (!token || !raw.CLOUDFLARE_ZONE_ID) {
        problems.push("CACHE_PURGE: cloudflare needs CACHE_PURGE_TOKEN and CLOUDFLARE_ZONE_ID");
      }
      return {
        kind: "cloudflare",
        zoneId: raw.CLOUDFLARE_ZONE_ID ?? "",
        token: token ?? "",
        apiUrl,
      };
    case "fastly":
      if (!token || !raw.FASTLY_SERVICE_ID) {
        problems.push("CACHE_PURGE: fastly needs CACHE_PURGE_TOKEN and FASTLY_SERVICE_ID");
      }
      return { kind: "fastly", serviceId: raw.FASTLY_SERVICE_ID ?? "", token: token ?? "", apiUrl };
  }
}
