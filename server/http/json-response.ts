import { createHash } from "node:crypto";
import { sentAsMade } from "./light-response";

// JSON answers of the API: a 200 carries an ETag of its body, and a request whose If-None-Match
// already names it gets an empty 304, so pollers and caches re-download nothing unchanged.

/** Clients may keep a copy but must ask again before using it. */
const CACHE_CONTROL = "no-cache";

export function etagFor(body: string | Buffer): string {
  // Weak: compression changes the bytes on the wire, not the meaning.
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Does an If-None-Match header name this ETag? Compared weakly (RFC 9110 §13.1.2). */
export function matchesETag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === wanted);
}

export function jsonWithETag(request: Request, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = etagFor(body);
  const headers = { ETag: etag, "Cache-Control": CACHE_CONTROL };
  if (matchesETag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return sentAsMade(body, {
    status: 200,
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}

/** An API failure: `{ error }` with its status, never cached. */
export function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

/** The answer to a method the route does not take; `allow` lists those it does. */
export function methodNotAllowed(allow = "GET, HEAD"): Response {
  const response = jsonError(405, "Method not allowed.");
  response.headers.set("Allow", allow);
  return response;
}
