import { createHash, randomFillSync } from "node:crypto";

// Security headers for every response (docs/architecture.md#security). Scripts run only from our origin and, inline,
// with the per-request nonce or, in a page from the page cache (whose bytes are the same for
// every response), by the SHA-256 hashes of its own inline scripts; Stripe's hosts are allowed only
// when Stripe is configured.

const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/**
 * A fresh nonce for one response: 16 bytes from the system's secure random source, in base64.
 * The bytes are drawn 256 nonces' worth at a time (one call instead of one per page) and each
 * byte is used once.
 */
export function cspNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** How a response's inline scripts are allowed: a fresh nonce, or the hashes of exactly them. */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

export type SecurityHeaderOptions = {
  scripts: InlineScripts;
  /** HSTS and upgrade-insecure-requests only make sense when the shop is served over HTTPS. */
  https: boolean;
  stripe: boolean;
};

// As Stripe documents them for Stripe.js and the Payment Element.
const stripeScriptHosts = ["https://js.stripe.com", "https://*.js.stripe.com"];
const stripeFrameHosts = [
  "https://js.stripe.com",
  "https://*.js.stripe.com",
  "https://hooks.stripe.com",
];
const stripeConnectHosts = ["https://api.stripe.com"];

export function contentSecurityPolicy({ scripts, https, stripe }: SecurityHeaderOptions): string {
  const inline = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes;
  const directives: Record<string, readonly string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inline, ...(stripe ? stripeScriptHosts : [])],
    // Inline style attributes come from React components and the toast library.
    "style-src": ["'self'", "'unsafe-inline'"],
    // blob: a file the admin chose, shown by the browser before it is sent (the crop preview).
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(stripe ? stripeConnectHosts : [])],
    "frame-src": stripe ? stripeFrameHosts : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  };
  if (options.https) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}

/** A script element without `src`: its text is what a hash source covers. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP hash sources (`'sha256-…'`) of a page's inline scripts, as a browser computes them: over
 * the UTF-8 of the element's text, which in HTML is the raw text between the tags (the shop's
 * pages are rendered by React, which never writes `</script` inside one, nor a carriage return).
 * Scripts with `src` load from the shop's origin instead; data blocks (JSON-LD) are hashed too,
 * harmlessly, since they never run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
