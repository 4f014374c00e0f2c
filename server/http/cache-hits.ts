import type { IncomingMessage, ServerResponse } from "node:http";
import { withLogFields } from "../logger";
import { cachedAnswer, encodingFor, isCacheable, memo, type PageCache } from "./page-cache";
import { REQUEST_ID_HEADER, requestIdFor } from "./request-id";
import type { RecordRequest } from "./request-log";
import { securityHeaders } from "./security-headers";

// Page-cache hits answered straight from node:http, before the app (decision record 017): a hit
// needs no Request or Response object, no middleware chain and no per-response work on the body.
// What the app's middleware would add is added here too, prepared once per stored page and
// encoding: the security headers (the page's CSP allows its inline scripts by hash), Vary, the
// request id, `Connection: close` while draining, and the request's log line and metrics. Anything
// else (a miss, a conditional request, a URL the app would spell differently, a page not to be
// shared) goes to the app, which answers it as it always has; the end-to-end tests compare the
// two answers for the same page.

export type CacheHitOptions = {
  pageCache: PageCache;
  https: boolean;
  stripe: boolean;
  trustProxyHops: number;
  record: RecordRequest;
  isReady?: () => boolean;
  isDraining?: () => boolean;
};

/** Any origin: only the path and query of the parsed URL are compared. */
const PARSE_BASE = "http://shop.invalid";

/**
 * True when `raw` (a request line's target) is already what the app's URL parsing makes of it:
 * the app keys the cache by the parsed path and query, so a raw target that parses differently
 * (dot segments, characters it escapes) is left to the app rather than guessed at. Targets with a
 * percent sign are left to the app too, whose path is decoded.
 */
function isPlainTarget(raw: string): boolean {
  if (raw.charCodeAt(0) !== 47 /* "/" */ || raw.includes("%")) return false;
  const url = new URL(raw, PARSE_BASE);
  return url.pathname + url.search === raw;
}

/** Answers `request` from the page cache and returns true, or returns false having done nothing. */
export function cacheHitServer(options: CacheHitOptions) {
  const { pageCache } = options;
  const trustProxy = options.trustProxyHops > 0;
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const started = performance.now();
    const target = request.url;
    if (request.method !== "GET" || !target) return false;
    if (request.headers["if-none-match"] !== undefined) return false;
    if (options.isReady && !options.isReady()) return false;
    const query = target.indexOf("?");
    const path = query === -1 ? target : target.slice(0, query);
    const cacheable = isCacheable("GET", path, {
      cookie: request.headers.cookie,
      authorization: request.headers.authorization !== undefined,
    });
    if (!cacheable || !isPlainTarget(target)) return false;
    const page = pageCache.get(target);
    if (!page) return false;

    const encoding = encodingFor(page, request.headers["accept-encoding"]);
    const answer = cachedAnswer(page, encoding, null);
    const headers = memo(page, `hit:${encoding}`, () => {
      const security = securityHeaders({
        scripts: { hashes: page.scriptHashes },
        https: options.https,
        stripe: options.stripe,
      });
      return [...answer.headers, ["X-Page-Cache", "HIT"], ...Object.entries(security)].flat();
    });
    const sentId = request.headers[REQUEST_ID_HEADER.toLowerCase()];
    const reqId = requestIdFor(typeof sentId === "string" ? sentId : undefined, trustProxy);
    const extra = [REQUEST_ID_HEADER, reqId];
    if (options.isDraining?.()) extra.push("Connection", "close");
    response.writeHead(answer.status, [...headers, ...extra]);
    response.end(answer.body);
    withLogFields({ reqId }, () => options.record("GET", path, answer.status, started));
    return true;
  };
}
