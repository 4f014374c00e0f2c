import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { isFilePath } from "./request-paths";

/**
 * Fingerprinted build output (`/assets/*`) never changes under the same name: cached for a year.
 * Scripts, styles and SVG images are sent as compressed by the build (their .br and .gz siblings,
 * scripts/precompress-assets.ts) to a browser that accepts them, never compressed again per
 * request.
 */
export function assetFiles(clientDir: string): MiddlewareHandler {
  return serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
}

/**
 * Other public files (images, favicon) keep their names across releases: cached briefly. Only
 * paths with an extension are looked up on disk, so page requests skip the file system.
 */
export function publicFiles(clientDir: string): MiddlewareHandler {
  const serve = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=86400");
    },
  });
  return async (c, next) => {
    if (isFilePath(c.req.path)) return serve(c, next);
    return next();
  };
}
