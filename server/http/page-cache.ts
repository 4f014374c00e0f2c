// A short-lived cache of server-rendered pages: the public pages for everyone, other pages for
// anonymous visitors, and the public catalogue API for everyone (decision records 001, 016, 017).
//
// Rendering a page costs milliseconds of CPU; serving a stored copy costs microseconds. A stored
// page is sent byte for byte as it was rendered: it carries no CSP nonce, and its CSP allows its
// own inline scripts by their SHA-256 hashes instead (computed once, when it is stored), so the
// body never changes per response and is compressed once (gzip and Brotli, on first demand) rather
// than on every hit. Only plain GETs are cached, rendered without cookies (a signed-in visitor gets
// a fresh render of the pages that are theirs; other cookies change nothing), only 200 HTML or
// JSON (or the sitemap's and the merchant feed's XML) responses without Set-Cookie are stored, and entries live for a few seconds: prices and
// stock on a page may be that much behind the database, never more; checkout always re-reads them.
// The catalogue API is the same for every caller, so it is cached whoever asks; its ETag is
// honoured on hits too.

import { LRUCache } from "lru-cache";
import { hasSessionCookie } from "../auth/session-cookie";
import {
  COMPRESSION_THRESHOLD,
  type ContentEncoding,
  compressedETag,
  compressSync,
  forbidsTransform,
  preferredEncoding,
} from "./content-encoding";
import { etagFor, matchesETag } from "./json-response";
import { isFilePath } from "./request-paths";
import { inlineScriptHashes } from "./security-headers";

export type CachedPage = {
  status: number;
  /** The render's headers, without Content-Length and Date (made per answer). */
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
  /** HTML: the CSP sources (`'sha256-…'`) of its inline scripts. Empty for JSON. */
  scriptHashes: readonly string[];
  storedAt: number;
  /** Compressed bodies and prepared answers, made on first demand (see `memo`). */
  readonly memo: Map<string, unknown>;
};

/** What to send for a stored page: status, every header the cache decides, and the body. */
export type CachedAnswer = {
  status: number;
  headers: Array<[string, string]>;
  /** Null for a 304. */
  body: Buffer | null;
};

export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
};

type Rendered = { page: CachedPage; cacheable: boolean } | { response: Response };

export type Served = {
  /** A page or JSON to answer with `cachedAnswer`, or any other response as rendered. */
  served: CachedPage | Response;
  state: "HIT" | "MISS" | "BYPASS";
};

export class PageCache {
  /**
   * The stored pages, least recently used first to go past `maxEntries`, each fresh for `ttlMs`
   * (lru-cache: a stale entry is dropped when asked for, never served).
   */
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly inFlight = new Map<string, Promise<Rendered>>();
  private readonly now: () => number;

  constructor(options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache({
      max: options.maxEntries,
      ttl: options.ttlMs,
      // Every get reads the clock: the cache's default keeps a reading for a millisecond.
      ttlResolution: 0,
      perf: { now: this.now },
    });
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /** A fresh entry, or undefined; a hit makes the entry the most recently used. */
  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.entries.set(key, page);
  }

  /**
   * Serves `key` from the cache or renders it once, however many requests ask at the same moment
   * (concurrent misses share one render). `render` must render without a CSP nonce: a stored
   * page's scripts are allowed by their hashes.
   */
  async serve(key: string, render: () => Promise<Response>): Promise<Served> {
    const hit = this.get(key);
    if (hit) return { served: hit, state: "HIT" };

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
      if (first) return { served: rendered.response, state: "BYPASS" };
      return { served: await render(), state: "BYPASS" };
    }
    if (!rendered.cacheable && !first) {
      // Someone else's uncacheable page (it may be theirs alone): render our own.
      const own = await this.renderOnce(null, render);
      return { served: "response" in own ? own.response : own.page, state: "BYPASS" };
    }
    return { served: rendered.page, state: rendered.cacheable ? "MISS" : "BYPASS" };
  }

  private async renderOnce(key: string | null, render: () => Promise<Response>): Promise<Rendered> {
    const response = await render();
    const type = response.headers.get("Content-Type") ?? "";
    if (!cachedTypes.some((cached) => type.startsWith(cached))) return { response };
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(
      ([name]) => !skippedHeaders.has(name.toLowerCase()),
    );
    // Every stored page has a validator: a browser or a shared cache asks again with it and gets
    // an empty 304 while the page is unchanged.
    if (!response.headers.has("ETag")) headers.push(["etag", etagFor(body)]);
    const page: CachedPage = {
      status: response.status,
      headers,
      body,
      scriptHashes: type.startsWith("text/html") ? inlineScriptHashes(body.toString("utf8")) : [],
      storedAt: this.now(),
      memo: new Map(),
    };
    const cacheable =
      key !== null &&
      response.status === 200 &&
      !response.headers.has("Set-Cookie") &&
      // `private` keeps shared caches in front off an anonymous page; this cache serves it to
      // anonymous visitors only (isCacheable), so only `no-store` keeps it out.
      !/no-store/i.test(response.headers.get("Cache-Control") ?? "");
    if (cacheable) this.set(key, page);
    return { page, cacheable };
  }
}

const cachedTypes = ["text/html", "application/json", "application/xml"];

// Recomputed per response. Set-Cookie is kept: a page that sets one is never stored, only sent.
const skippedHeaders = new Set(["content-length", "date"]);

/** Brotli's quality for stored pages: within a few per cent of the best size at a tenth of the time. */
const BROTLI_QUALITY = 5;

function headerOf(page: CachedPage, name: string): string | undefined {
  return page.headers.find(([header]) => header.toLowerCase() === name)?.[1];
}

function compressible(page: CachedPage): boolean {
  return (
    page.body.length >= COMPRESSION_THRESHOLD && !forbidsTransform(headerOf(page, "cache-control"))
  );
}

/**
 * The encoding to send `page` in for a request's Accept-Encoding: Brotli, then gzip, by the
 * client's q-values; as it is when the client accepts neither or the body is small.
 */
export function encodingFor(
  page: CachedPage,
  acceptEncoding: string | null | undefined,
): ContentEncoding {
  return compressible(page) ? preferredEncoding(acceptEncoding) : "identity";
}

/** Memoised per entry: the work of a stored page is done once, not once per hit. */
export function memo<T>(page: CachedPage, key: string, make: () => T): T {
  if (page.memo.has(key)) return page.memo.get(key) as T;
  const value = make();
  page.memo.set(key, value);
  return value;
}

function encodedBody(page: CachedPage, encoding: ContentEncoding): Buffer {
  if (encoding === "identity") return page.body;
  return memo(page, `body:${encoding}`, () => compressSync(page.body, encoding, BROTLI_QUALITY));
}

/**
 * The answer for a stored page: its status and headers (with its caching rules, set when it was
 * rendered: ./caching-rules.ts), `Content-Encoding` and `Vary` (the page's own, and
 * Accept-Encoding for a compressible body), and the body in the encoding chosen; a 304 when
 * `ifNoneMatch` names its ETag. Security headers are added by the caller (with
 * `page.scriptHashes`).
 */
export function cachedAnswer(
  page: CachedPage,
  encoding: ContentEncoding,
  ifNoneMatch: string | null | undefined,
): CachedAnswer {
  const etag = headerOf(page, "etag");
  if (etag && ifNoneMatch && matchesETag(ifNoneMatch, etag)) {
    return {
      status: 304,
      headers: page.headers.filter(([name]) => name.toLowerCase() !== "content-type") as Array<
        [string, string]
      >,
      body: null,
    };
  }
  return memo(page, `answer:${encoding}`, () => {
    const headers: Array<[string, string]> = [];
    const vary: string[] = [];
    for (const [name, value] of page.headers) {
      const lower = name.toLowerCase();
      if (lower === "vary") vary.push(value);
      else if (lower === "etag" && encoding !== "identity") {
        headers.push([name, compressedETag(value)]);
      } else headers.push([name, value]);
    }
    if (compressible(page)) vary.push("Accept-Encoding");
    if (vary.length > 0) headers.push(["Vary", vary.join(", ")]);
    if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
    const body = encodedBody(page, encoding);
    headers.push(["Content-Length", String(body.length)]);
    return { status: page.status, headers, body };
  });
}

/** The public catalogue API: the same answer for every caller. */
const PUBLIC_API = /^\/api\/products(\/[^/]+)?$/;

/**
 * The public pages: the same HTML for every shopper, signed in or not, since nothing
 * they render reads the session (what is personal comes from GET /api/me in the browser). Served
 * from the cache whoever asks. A page not listed here (log-in, checkout, the dashboard, a review
 * form) is personal for a signed-in visitor.
 */
const SHARED_PAGE =
  /^\/(?:|store(?:\/[^/]+)?|product\/[^/]+|search|gift-cards|about|faq|blog(?:\/[^/]+)?|contact|terms-of-service|privacy-policy|shipping-returns|sitemap\.xml|feeds\/google\.xml)$/;

export function isSharedPage(path: string): boolean {
  return SHARED_PAGE.test(path);
}

/**
 * Public pages and the public catalogue API whoever asks (GET only); any other page only for a
 * visitor without a session (no session cookie, no file extension, nothing under /api).
 */
export function isCacheable(
  method: string,
  path: string,
  headers: { cookie: string | null | undefined; authorization: boolean },
): boolean {
  if (method !== "GET") return false;
  if (PUBLIC_API.test(path) || isSharedPage(path)) return true;
  return (
    !hasSessionCookie(headers.cookie) &&
    !headers.authorization &&
    !path.startsWith("/api/") &&
    !isFilePath(path)
  );
}

export function isCacheableRequest(request: Request, path: string): boolean {
  return isCacheable(request.method, path, {
    cookie: request.headers.get("Cookie"),
    authorization: request.headers.has("Authorization"),
  });
}
