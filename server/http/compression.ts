import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import {
  COMPRESSION_THRESHOLD,
  compressedETag,
  compressLater,
  compressSync,
  forbidsTransform,
  preferredEncoding,
} from "./content-encoding";
import { bodyAsMade, sentAsMade } from "./light-response";

// Answers the server renders per request (uncached pages, the API's JSON) compressed as they are
// sent; the page cache's stored pages and the build's assets come compressed already. In place of
// Hono's compress middleware, which
// - ran every answer's bytes through a web CompressionStream at gzip's default level: for 100 kB
//   of store page HTML 1.6 ms, where Brotli at quality 3 gives the same size in 0.31 ms (and
//   gzip in one call 0.8 ms), so a body the shop made whole is compressed in one call;
// - added `Vary` with `c.header()`, which turns the server's light response into a web-streams
//   one, sent by reading its stream (./light-response.ts); here the header is set on the
//   response's own headers.
// A body that is a stream (the admin's order export, written a batch at a time) is compressed as
// it streams, with gzip. Decision record 027.

/** Brotli's quality per response: gzip's size at well under half its time. */
const BROTLI_QUALITY = 3;
/** A made body larger than this is compressed off the event loop. */
const LARGE_BODY_BYTES = 256 * 1024;

function byteLengthOf(body: string | Uint8Array): number {
  return typeof body === "string" ? Buffer.byteLength(body) : body.length;
}

/** Adds `token` to the response's Vary header unless it is there (or Vary is `*`). */
function varyOn(headers: Headers, token: string): void {
  const current = headers.get("Vary");
  if (current === "*") return;
  const listed = (current ?? "").split(",").map((name) => name.trim().toLowerCase());
  if (!listed.includes(token.toLowerCase()))
    headers.set("Vary", current ? `${current}, ${token}` : token);
}

function weakenETag(headers: Headers): void {
  const etag = headers.get("ETag");
  if (etag) headers.set("ETag", compressedETag(etag));
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const { headers, status } = response;
    if (
      c.req.method === "HEAD" ||
      status === 204 ||
      status === 206 ||
      status === 304 ||
      headers.has("Content-Encoding") ||
      headers.has("Transfer-Encoding") ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("Content-Type") ?? "") ||
      forbidsTransform(headers.get("Cache-Control"))
    ) {
      return;
    }
    const made = bodyAsMade(response);
    // A stream's length is unknown until it is read: compressed whatever it turns out to be.
    const declared = headers.get("Content-Length");
    const length =
      made !== undefined
        ? byteLengthOf(made)
        : declared === null
          ? Number.POSITIVE_INFINITY
          : Number(declared);
    if (length < COMPRESSION_THRESHOLD) return;
    varyOn(headers, "Accept-Encoding");
    const accepted = c.req.header("Accept-Encoding");

    if (made !== undefined) {
      const encoding = preferredEncoding(accepted);
      if (encoding === "identity") return;
      const bytes = typeof made === "string" ? Buffer.from(made) : made;
      const body =
        bytes.length > LARGE_BODY_BYTES
          ? await compressLater(bytes, encoding, BROTLI_QUALITY)
          : compressSync(bytes, encoding, BROTLI_QUALITY);
      headers.set("Content-Encoding", encoding);
      headers.set("Content-Length", String(body.length));
      weakenETag(headers);
      // Hono wraps a response set over another in a copy made from its body stream; cleared
      // first, the compressed one is sent as it is.
      c.res = undefined;
      c.res = sentAsMade(body, { status, headers });
      return;
    }

    if (preferredEncoding(accepted, ["gzip"]) === "identity" || response.body === null) return;
    const compressed = new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
      status,
      headers,
    });
    compressed.headers.delete("Content-Length");
    compressed.headers.set("Content-Encoding", "gzip");
    weakenETag(compressed.headers);
    c.res = undefined;
    c.res = compressed;
  };
}
