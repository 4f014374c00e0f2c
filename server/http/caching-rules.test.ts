import { describe, expect, it } from "vitest";
import {
  applyCachingRules,
  DEFAULT_SHARED_CACHE,
  forClientData,
  publicCacheControl,
} from "./caching-rules";

const html = () => new Headers({ "Content-Type": "text/html; charset=utf-8" });

describe("caching rules", () => {
  it("lets shared caches keep a public page, tagged with what it shows, never by cookie", () => {
    const headers = html();
    applyCachingRules(headers, 200, "public", DEFAULT_SHARED_CACHE, ["product-a", "settings"]);
    expect(headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=20, stale-while-revalidate=30, stale-if-error=86400",
    );
    expect(headers.get("Surrogate-Key")).toBe("product-a settings");
    expect(headers.get("Cache-Tag")).toBe("product-a,settings");
    expect(headers.get("Vary")).toBeNull();
  });

  it("keeps a price change within a minute by default, even with no purge", () => {
    const { sMaxAgeSeconds, staleWhileRevalidateSeconds } = DEFAULT_SHARED_CACHE;
    expect(sMaxAgeSeconds + staleWhileRevalidateSeconds).toBeLessThan(60);
    expect(
      publicCacheControl({
        sMaxAgeSeconds: 300,
        staleWhileRevalidateSeconds: 60,
        staleIfErrorSeconds: 0,
      }),
    ).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=60, stale-if-error=0");
  });

  it("makes a public page that sets a cookie private: the cookie is never shared", () => {
    const headers = html();
    headers.append("Set-Cookie", "a=b");
    applyCachingRules(headers, 200, "public", DEFAULT_SHARED_CACHE, ["settings"]);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Surrogate-Key")).toBeNull();
  });

  it("keeps no public page that is not a 200, and respects the page's own no-store", () => {
    const missing = html();
    applyCachingRules(missing, 404, "public", DEFAULT_SHARED_CACHE, ["settings"]);
    expect(missing.get("Cache-Control")).toBe("no-cache");
    const own = html();
    own.set("Cache-Control", "no-store");
    applyCachingRules(own, 200, "public", DEFAULT_SHARED_CACHE, []);
    expect(own.get("Cache-Control")).toBe("no-store");
  });

  it("makes a signed-in visitor's page private and never stored", () => {
    const headers = html();
    applyCachingRules(headers, 200, "personal", DEFAULT_SHARED_CACHE, ["settings"]);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Vary")).toBe("Cookie");
    expect(headers.get("Surrogate-Key")).toBeNull();
  });

  it("keeps an anonymous visitor's page out of shared caches", () => {
    const headers = html();
    applyCachingRules(headers, 200, "anonymous", DEFAULT_SHARED_CACHE, []);
    expect(headers.get("Cache-Control")).toBe("private, no-cache");
    expect(headers.get("Vary")).toBe("Cookie");
    const json = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" });
    applyCachingRules(json, 200, "anonymous", DEFAULT_SHARED_CACHE, []);
    expect(json.get("Cache-Control")).toBe("no-store");
    expect(json.get("Vary")).toBeNull();
  });

  it("never lets a browser show a public page's client data stale", () => {
    const headers = new Headers({ "Content-Type": "text/x-script" });
    applyCachingRules(headers, 200, "public", forClientData(DEFAULT_SHARED_CACHE), ["settings"]);
    expect(headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate, s-maxage=20");
    expect(headers.get("Surrogate-Key")).toBe("settings");
  });
});
