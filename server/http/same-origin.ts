import type { MiddlewareHandler } from "hono";

// The shop's one origin gate (docs/architecture.md#security). Which origins are the shop's own is decided once, in
// server/env.ts (`shopOrigins`: the public BASE_URL, plus the loopback addresses in demo mode);
// this gate refuses every state-changing request a browser sends from anywhere else, and the
// request handed on carries one of those origins, so React Router's own action check and
// better-auth's (which trusts the same list) never disagree with it.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths a post may reach from anywhere because no cookie is its authority: RFC 8058's one-click
 * unsubscribe, which a mail app posts as a bare form, from no page of the shop. The token in its
 * address is the authority, and it can only take its own address off the newsletter.
 */
const CROSS_SITE_PATHS = new Set(["/api/newsletter/unsubscribe"]);
/** What an HTML form (or a plain `fetch` without a preflight) may send across sites. */
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * Is this state-changing request from the shop's own pages? A browser names the page's origin in
 * `Origin` on every such request; older ones give at least `Sec-Fetch-Site`. A request with
 * neither is not from a browser (a webhook, a script), so no visitor's cookie rides on it, except
 * a form or plain body, which old browsers could send bare: that is refused.
 */
function isSameOriginRequest(request: Request, origins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (CROSS_SITE_PATHS.has(new URL(request.url).pathname)) return true;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origins.includes(origin);
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin";
  return !FORM_TYPES.test(request.headers.get("Content-Type") ?? "text/plain");
}

export function sameOriginOnly(origins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!isSameOriginRequest(c.req.raw, origins)) {
      return c.json({ error: "This request must come from the shop's own pages." }, 403, {
        "Cache-Control": "no-store",
      });
    }
    await next();
  };
}

/**
 * The origin a request is handled under: the browser's `Origin` when it is one of the shop's, else
 * the address it reached when that is one of the shop's (the loopback addresses in demo mode), else
 * the public origin. A TLS-terminating proxy, or one that rewrites `Host`, so never makes the shop
 * see itself at an address it does not have.
 */
export function handlingOrigin(request: Request, origins: readonly string[]): string {
  const origin = request.headers.get("Origin");
  if (origin !== null && origins.includes(origin)) return origin;
  const reached = new URL(request.url).origin;
  if (origins.includes(reached)) return reached;
  const [publicOrigin] = origins;
  if (!publicOrigin) throw new Error("the shop has no origin configured");
  return publicOrigin;
}

/** The request with its URL on the origin it is handled under (unchanged when it already is). */
export function onHandlingOrigin(request: Request, origins: readonly string[]): Request {
  const url = new URL(request.url);
  const origin = handlingOrigin(request, origins);
  if (url.origin === origin) return request;
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: request.body ? "half" : undefined,
  };
  return new Request(`${origin}${url.pathname}${url.search}`, init);
}
