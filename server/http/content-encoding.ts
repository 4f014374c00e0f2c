// How the server chooses and makes a compressed body: one rule for the page cache's stored pages
// (compressed once, ./page-cache.ts) and for answers compressed as they are sent (./compression.ts).

import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from "node:zlib";

export type ContentEncoding = "br" | "gzip" | "identity";
type Compression = Exclude<ContentEncoding, "identity">;

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** True when a Cache-Control header asks that the body be sent as it is (`no-transform`). */
export function forbidsTransform(cacheControl: string | null | undefined): boolean {
  return /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl ?? "");
}

/** A compressed body's ETag: weak, since its bytes differ from the original's, not its meaning. */
export function compressedETag(etag: string): string {
  return etag.startsWith("W/") ? etag : `W/${etag}`;
}

/**
 * The encoding to send a body in for a request's Accept-Encoding: of `offered`, the one the client
 * rates highest by its q-values, the first on a tie; as it is when the client accepts none.
 */
export function preferredEncoding(
  acceptEncoding: string | null | undefined,
  offered: readonly Compression[] = ["br", "gzip"],
): ContentEncoding {
  if (!acceptEncoding) return "identity";
  let best: { encoding: ContentEncoding; q: number } = { encoding: "identity", q: 0 };
  let wildcard = 0;
  const rated = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...parameters] = part.split(";");
    const q = qualityOf(parameters);
    const name = token.trim().toLowerCase();
    if (name === "*") wildcard = q;
    else rated.set(name, q);
  }
  for (const encoding of offered) {
    const q = rated.get(encoding) ?? wildcard;
    if (q > best.q) best = { encoding, q };
  }
  return best.encoding;
}

function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split("=");
    if (name?.trim().toLowerCase() === "q") {
      const q = Number(value);
      return Number.isFinite(q) ? q : 0;
    }
  }
  return 1;
}

function brotliOptions(body: Uint8Array, quality: number) {
  return {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** `body` compressed, at once: Brotli at `brotliQuality`, gzip at zlib's default level. */
export function compressSync(
  body: Uint8Array,
  encoding: Compression,
  brotliQuality: number,
): Buffer<ArrayBuffer> {
  return (
    encoding === "br"
      ? brotliCompressSync(body, brotliOptions(body, brotliQuality))
      : gzipSync(body)
  ) as Buffer<ArrayBuffer>;
}

/** As compressSync, on zlib's thread pool: for bodies too large to hold the event loop for. */
export function compressLater(
  body: Uint8Array,
  encoding: Compression,
  brotliQuality: number,
): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) =>
      error ? reject(error) : resolve(result as Buffer<ArrayBuffer>);
    if (encoding === "br") brotliCompress(body, brotliOptions(body, brotliQuality), done);
    else gzip(body, done);
  });
}
