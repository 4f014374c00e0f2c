// Security headers for every response (DESIGN §6). Scripts run only from our origin or with the
// per-request nonce; Stripe's hosts are allowed only when Stripe is configured.

export type SecurityHeaderOptions = {
  nonce: string;
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

export function contentSecurityPolicy({ nonce, https, stripe }: SecurityHeaderOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(stripe ? stripeScriptHosts : [])],
    // Inline style attributes come from React components and the toast library.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
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
