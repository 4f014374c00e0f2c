import type { MiddlewareHandler } from "hono";
import { csrf } from "hono/csrf";

/**
 * A state-changing request must come from the shop's own pages (DESIGN §6). Forms and plain
 * requests from a browser carry `Sec-Fetch-Site` and `Origin`; one of them must name this shop
 * (the address the request reached, or the public address when a proxy sits in front). JSON
 * requests from another site cannot carry the session cookie without a CORS preflight the shop
 * never grants, so the browser itself stops them.
 */
export function sameOriginOnly(publicOrigin: string): MiddlewareHandler {
  return csrf({
    origin: (origin, c) => origin === publicOrigin || origin === new URL(c.req.url).origin,
  });
}
