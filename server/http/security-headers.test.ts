import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";

describe("contentSecurityPolicy", () => {
  it("allows scripts only from the shop and with the response's nonce", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", https: false, stripe: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("stripe");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("adds Stripe's hosts only when Stripe is configured", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", https: true, stripe: true });
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("upgrade-insecure-requests");
  });
});

describe("securityHeaders", () => {
  it("sets the headers of DESIGN §6, with HSTS only over HTTPS", () => {
    const plain = securityHeaders({ nonce: "n", https: false, stripe: false });
    expect(plain["X-Content-Type-Options"]).toBe("nosniff");
    expect(plain["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    const secure = securityHeaders({ nonce: "n", https: true, stripe: false });
    expect(secure["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });
});
