import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  cspNonce,
  inlineScriptHashes,
  securityHeaders,
} from "./security-headers";

describe("cspNonce", () => {
  it("gives 16 fresh bytes each time, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, () => cspNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts only from the shop and with the response's nonce", () => {
    const csp = contentSecurityPolicy({ scripts: { nonce: "abc" }, https: false, stripe: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("stripe");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("adds Stripe's hosts only when Stripe is configured", () => {
    const csp = contentSecurityPolicy({ scripts: { nonce: "abc" }, https: true, stripe: true });
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("upgrade-insecure-requests");
  });
});

describe("a stored page's CSP", () => {
  const sha256 = (text: string) =>
    `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("allows exactly the page's inline scripts by their hashes, and no nonce", () => {
    const html = [
      "<head><script>paint()</script>",
      '<script type="module" src="/assets/entry.js"></script>',
      '<script type="application/ld+json">{"name":"Crème"}</script></head>',
      '<body><script nonce="">window.x = "£5"</script><script>paint()</script></body>',
    ].join("");
    const hashes = inlineScriptHashes(html);
    expect(hashes).toEqual([
      sha256("paint()"),
      sha256('{"name":"Crème"}'),
      sha256('window.x = "£5"'),
    ]);
    const csp = contentSecurityPolicy({ scripts: { hashes }, https: false, stripe: false });
    expect(csp).toContain(`script-src 'self' ${hashes.join(" ")};`);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toMatch(/nonce|unsafe-inline/);
  });

  it("matches the hash a browser computes for a known script (CSP spec example)", () => {
    // The example of CSP Level 3, §2.3.1: `alert('Hello, world.');`.
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });
});

describe("securityHeaders", () => {
  it("sets the headers of docs/architecture.md#security, with HSTS only over HTTPS", () => {
    const plain = securityHeaders({ scripts: { nonce: "n" }, https: false, stripe: false });
    expect(plain["X-Content-Type-Options"]).toBe("nosniff");
    expect(plain["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    const secure = securityHeaders({ scripts: { nonce: "n" }, https: true, stripe: false });
    expect(secure["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });
});
