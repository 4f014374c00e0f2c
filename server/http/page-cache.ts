// A short-lived cache of server-rendered pages: the public pages for everyone, other pages for
// anonymous visitors, and the public catalogue API for everyone (decision records 001 and 016).
//
// Rendering a page costs milliseconds of CPU; serving a stored copy costs microseconds. Pages are
// stored with a placeholder where each response's CSP nonce goes, and the placeholder is replaced
// per response, so every response still carries its own nonce. Only plain GETs are cached, rendered
// without cookies (a signed-in visitor gets a fresh render of the pages that are theirs; other
// cookies change nothing), only 200 HTML responses without Set-Cookie are stored, and entries
// live for a few seconds: prices and stock on a page may be that much behind the database, never
// more; checkout always re-reads them. The catalogue API is the same for every caller, so it is
// cached whoever asks; its ETag is honoured on hits too.

import { randomBytes } from "node:crypto";
import { hasSessionCookie } from "../auth/session-cookie";
import { matchesETag } from "./json-response";
import { isFilePath } from "./request-paths";

/**
 * Where the nonce goes in a stored page. Random per process, and only ever replaced inside the
 * attribute the shop itself writes (`nonce="..."`): text a visitor typed (a search for this very
 * string) is escaped by React, never matches, and never receives the live nonce.
 */
export const NONCE_PLACEHOLDER = `gleam-nonce-${randomBytes(12).toString("hex")}`;
const NONCE_ATTRIBUTE = `nonce="${NONCE_PLACEHOLDER}"`;

export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  /** HTML with NONCE_PLACEHOLDER where the nonce goes, or JSON. */
  body: string;
  storedAt: number;
};

export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
};

type Rendered = { page: CachedPage; cacheable: boolean } | { response: Response };

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly inFlight = new Map<string, Promise<Rendered>>();
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /** A fresh entry, or undefined; a hit moves the entry to the young end (least recently used goes first). */
  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.entries.set(key, page);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * Serves `key` from the cache or renders it once, however many requests ask at the same moment
   * (concurrent misses share one render). `render` must use NONCE_PLACEHOLDER as the nonce.
   * Returns what to send, with `nonce` in place of the placeholder.
   */
  async serve(
    key: string,
    nonce: string,
    render: () => Promise<Response>,
    /** The request's If-None-Match: a hit whose ETag it names is answered 304. */
    ifNoneMatch: string | null = null,
  ): Promise<{ response: Response; state: "HIT" | "MISS" | "BYPASS" }> {
    const hit = this.get(key);
    if (hit) return { response: toResponse(hit, nonce, ifNoneMatch), state: "HIT" };

    let pending = this.inFlight.get(key);
    const first = !pending;
    if (!pending) {
      pending = this.renderOnce(key, render);
      this.inFlight.set(key, pending);
      pending.finally(() => this.inFlight.delete(key)).catch(() => {});
    }
    const rendered = await pending;
    if ("response" in rendered) {
      // Not a page or JSON (or a 304): a body can be read only once, so a waiter renders anew.
      if (first) return { response: rendered.response, state: "BYPASS" };
      return { response: await render(), state: "BYPASS" };
    }
    if (!rendered.cacheable && !first) {
      // Someone else's uncacheable page (it may be theirs alone): render our own.
      const own = await this.renderOnce(null, render);
      if ("response" in own) return { response: own.response, state: "BYPASS" };
      return { response: toResponse(own.page, nonce, ifNoneMatch), state: "BYPASS" };
    }
    return {
      response: toResponse(rendered.page, nonce, ifNoneMatch),
      state: rendered.cacheable ? "MISS" : "BYPASS",
    };
  }

  private async renderOnce(key: string | null, render: () => Promise<Response>): Promise<Rendered> {
    const response = await render();
    const type = response.headers.get("Content-Type") ?? "";
    if (!cachedTypes.some((cached) => type.startsWith(cached))) return { response };
    const page: CachedPage = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !skippedHeaders.has(name.toLowerCase())),
      body: await response.text(),
      storedAt: this.now(),
    };
    const cacheable =
      key !== null &&
      response.status === 200 &&
      !response.headers.has("Set-Cookie") &&
      !/no-store|private/i.test(response.headers.get("Cache-Control") ?? "");
    if (cacheable) this.set(key, page);
    return { page, cacheable };
  }
}

const cachedTypes = ["text/html", "application/json"];

// Recomputed per response. Set-Cookie is kept: a page that sets one is never stored, only sent.
const skippedHeaders = new Set(["content-length", "date"]);

function toResponse(page: CachedPage, nonce: string, ifNoneMatch: string | null): Response {
  const etag = page.headers.find(([name]) => name.toLowerCase() === "etag")?.[1];
  if (etag && matchesETag(ifNoneMatch, etag)) {
    return new Response(null, {
      status: 304,
      headers: page.headers.filter(([name]) => name.toLowerCase() !== "content-type"),
    });
  }
  return new Response(page.body.replaceAll(NONCE_ATTRIBUTE, `nonce="${nonce}"`), {
    status: page.status,
    headers: page.headers,
  });
}

/** The public catalogue API: the same answer for every caller. */
const PUBLIC_API = /^\/api\/products(\/[^/]+)?$/;

/**
 * The public pages (issue 16): the same HTML for every shopper, signed in or not, since nothing
 * they render reads the session (what is personal comes from GET /api/me in the browser). Served
 * from the cache whoever asks. A page not listed here (log-in, checkout, the dashboard, a review
 * form) is personal for a signed-in visitor.
 */
const SHARED_PAGE =
  /^\/(?:|store(?:\/[^/]+)?|product\/[^/]+|search|about|faq|blog|contact|terms-of-service|privacy-policy|shipping-returns)$/;

export function isSharedPage(path: string): boolean {
  return SHARED_PAGE.test(path);
}

/**
 * Public pages and the public catalogue API whoever asks (GET only); any other page only for a
 * visitor without a session (no session cookie, no file extension, nothing under /api).
 */
export function isCacheableRequest(request: Request, path: string): boolean {
  if (request.method !== "GET") return false;
  if (PUBLIC_API.test(path) || isSharedPage(path)) return true;
  return (
    !hasSessionCookie(request.headers.get("Cookie")) &&
    !request.headers.has("Authorization") &&
    !path.startsWith("/api/") &&
    !isFilePath(path)
  );
}
