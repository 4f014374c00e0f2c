// Who may keep an answer, and for how long (docs/decisions/049-shared-cache.md). Three kinds of
// page:
// - public (`isSharedPage`): the same bytes for every shopper, signed in or not. A 200 without
//   Set-Cookie says `public` with `s-maxage` and `stale-while-revalidate` (a shared cache in front
//   keeps it, then serves it stale while it asks again) and `stale-if-error` (and while the shop
//   is away), `max-age=0` (a browser asks again each time, by its ETag: it cannot be purged), and
//   the tags of what it shows. It never varies on Cookie: nothing in it reads one. One that would
//   set a cookie is made `private, no-store` instead: a cookie must never reach another shopper.
// - personal (any other page, for a visitor with a session): `private, no-store`, `Vary: Cookie`.
// - anonymous (any other page, without a session): the same for every anonymous visitor, but not
//   for a signed-in one, and a CDN does not key on cookies: `private, no-cache`, `Vary: Cookie`.

export type SharedCachePolicy = {
  sMaxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
  /** Never served stale by any cache (React Router's client data: see `forClientData`). */
  mustRevalidate?: boolean;
};

/** The shipped defaults (CACHE_* in docs/configuration.md): a price change shows within a minute. */
export const DEFAULT_SHARED_CACHE: SharedCachePolicy = {
  sMaxAgeSeconds: 20,
  staleWhileRevalidateSeconds: 30,
  staleIfErrorSeconds: 86_400,
};

export type Audience = "public" | "personal" | "anonymous";

/**
 * The policy for a public page's client data (`/product/prod1.data`, fetched by React Router on
 * a navigation in the browser). Browsers apply stale-while-revalidate to such fetches: with
 * `max-age=0` they would show the data as it was before a change (the review just edited) while
 * they ask again. So it is never served stale: shared caches keep it for s-maxage, purged like
 * its page, and browsers ask every time.
 */
export function forClientData(policy: SharedCachePolicy): SharedCachePolicy {
  return { ...policy, mustRevalidate: true };
}

export function publicCacheControl(policy: SharedCachePolicy): string {
  if (policy.mustRevalidate) {
    return `public, max-age=0, must-revalidate, s-maxage=${policy.sMaxAgeSeconds}`;
  }
  return [
    "public",
    "max-age=0",
    `s-maxage=${policy.sMaxAgeSeconds}`,
    `stale-while-revalidate=${policy.staleWhileRevalidateSeconds}`,
    `stale-if-error=${policy.staleIfErrorSeconds}`,
  ].join(", ");
}

/** Tag headers for the CDNs and proxies that read them: Fastly and Varnish, and Cloudflare. */
function tagHeaders(tags: readonly string[]): Array<[string, string]> {
  if (tags.length === 0) return [];
  return [
    ["Surrogate-Key", tags.join(" ")],
    ["Cache-Tag", tags.join(",")],
  ];
}

const PERSONAL = "private, no-store";
const ANONYMOUS = "private, no-cache";

function isHtml(headers: Headers): boolean {
  return (headers.get("Content-Type") ?? "").startsWith("text/html");
}

/** Sets `headers` for an answer of `status` to `audience` showing `tags`. */
export function applyCachingRules(
  headers: Headers,
  status: number,
  audience: Audience,
  policy: SharedCachePolicy,
  tags: readonly string[],
): void {
  const cacheControl = headers.get("Cache-Control") ?? "";
  if (audience === "public") {
    if (headers.has("Set-Cookie")) {
      headers.set("Cache-Control", PERSONAL);
      return;
    }
    if (status === 200 && !/no-store|private/i.test(cacheControl)) {
      headers.set("Cache-Control", publicCacheControl(policy));
      for (const [name, value] of tagHeaders(tags)) headers.set(name, value);
      return;
    }
    // A redirect, a 404, a refusal: asked again each time, kept by no one.
    if (!cacheControl) headers.set("Cache-Control", "no-cache");
    return;
  }
  if (audience === "personal") headers.set("Cache-Control", PERSONAL);
  if (!isHtml(headers)) return;
  headers.append("Vary", "Cookie");
  if (audience === "anonymous" && !cacheControl) headers.set("Cache-Control", ANONYMOUS);
}

/** `response` with its caching headers (a copy when its headers are immutable, as a redirect's). */
export function withCachingRules(
  response: Response,
  audience: Audience,
  policy: SharedCachePolicy,
  tags: readonly string[],
): Response {
  try {
    applyCachingRules(response.headers, response.status, audience, policy, tags);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    applyCachingRules(copy.headers, copy.status, audience, policy, tags);
    return copy;
  }
}
