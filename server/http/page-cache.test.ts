import { describe, expect, it } from "vitest";
import { isCacheableRequest, isSharedPage, NONCE_PLACEHOLDER, PageCache } from "./page-cache";

function html(body: string, init: ResponseInit = {}) {
  return new Response(body, {
    status: 200,
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });
}

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("PageCache", () => {
  it("renders once, then serves copies with each response's own nonce", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    let renders = 0;
    const render = async () => {
      renders++;
      return html(`<script nonce="${NONCE_PLACEHOLDER}">x</script>`);
    };
    const first = await cache.serve("/a", "nonce-one", render);
    const second = await cache.serve("/a", "nonce-two", render);
    expect(first.state).toBe("MISS");
    expect(second.state).toBe("HIT");
    expect(await first.response.text()).toBe('<script nonce="nonce-one">x</script>');
    expect(await second.response.text()).toBe('<script nonce="nonce-two">x</script>');
    expect(renders).toBe(1);
  });

  it("renders again once the entry is older than the TTL", async () => {
    const time = clock();
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, now: time.now });
    let renders = 0;
    const render = async () => html(`v${++renders}`);
    await cache.serve("/a", "n", render);
    time.advance(999);
    expect(await (await cache.serve("/a", "n", render)).response.text()).toBe("v1");
    time.advance(1);
    expect(await (await cache.serve("/a", "n", render)).response.text()).toBe("v2");
  });

  it("shares one render between concurrent misses", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return html("page");
    };
    const results = await Promise.all([1, 2, 3].map(() => cache.serve("/a", "n", render)));
    expect(renders).toBe(1);
    for (const result of results) expect(await result.response.text()).toBe("page");
  });

  it("never stores errors, redirects or pages that set a cookie", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    await cache.serve("/missing", "n", async () => html("gone", { status: 404 }));
    await cache.serve("/cookie", "n", async () => html("hi", { headers: { "Set-Cookie": "a=b" } }));
    await cache.serve("/private", "n", async () =>
      html("mine", { headers: { "Cache-Control": "private" } }),
    );
    expect(cache.size).toBe(0);
  });

  it("keeps the status and headers, including Set-Cookie, of a page it does not store", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const { response, state } = await cache.serve("/c", "n", async () =>
      html("hi", { headers: { "Set-Cookie": "a=b" } }),
    );
    expect(state).toBe("BYPASS");
    expect(response.headers.get("Set-Cookie")).toBe("a=b");
  });

  it("passes other responses (XML, text) through untouched", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const { response, state } = await cache.serve(
      "/sitemap.xml",
      "n",
      async () => new Response("<urlset/>", { headers: { "Content-Type": "application/xml" } }),
    );
    expect(state).toBe("BYPASS");
    expect(await response.text()).toBe("<urlset/>");
    expect(cache.size).toBe(0);
  });

  it("evicts the least recently used entry beyond its size", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 2 });
    const render = (body: string) => async () => html(body);
    await cache.serve("/a", "n", render("a"));
    await cache.serve("/b", "n", render("b"));
    await cache.serve("/a", "n", render("a2"));
    await cache.serve("/c", "n", render("c"));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")?.body).toBe("a");
    expect(cache.get("/c")?.body).toBe("c");
  });
});

describe("PageCache with JSON", () => {
  const json = (body: string, etag: string) =>
    new Response(body, {
      status: 200,
      headers: { "Content-Type": "application/json; charset=utf-8", ETag: etag },
    });

  it("stores JSON and answers 304 on a hit whose ETag the request names", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    let renders = 0;
    const render = async () => {
      renders++;
      return json('{"products":[]}', 'W/"v1"');
    };
    const miss = await cache.serve("/api/products", "n", render);
    expect(miss.state).toBe("MISS");
    const hit = await cache.serve("/api/products", "n", render);
    expect(await hit.response.text()).toBe('{"products":[]}');
    const conditional = await cache.serve("/api/products", "n", render, 'W/"v1"');
    expect(conditional.state).toBe("HIT");
    expect(conditional.response.status).toBe(304);
    expect(conditional.response.headers.get("ETag")).toBe('W/"v1"');
    expect(await conditional.response.text()).toBe("");
    const stale = await cache.serve("/api/products", "n", render, 'W/"v0"');
    expect(stale.response.status).toBe(200);
    expect(renders).toBe(1);
  });

  it("never stores a 304", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const render = async () => new Response(null, { status: 304, headers: { ETag: 'W/"v1"' } });
    const first = await cache.serve("/api/products", "n", render, 'W/"v1"');
    expect(first.response.status).toBe(304);
    expect(cache.size).toBe(0);
  });
});

describe("the nonce in stored pages", () => {
  it("goes only where the shop wrote it, never into text a visitor typed", async () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    // React escapes quotes in text and attributes: a typed placeholder can never look like the
    // attribute the shop writes.
    const typed = `<p>You searched for ${NONCE_PLACEHOLDER}</p><input value="${NONCE_PLACEHOLDER}">`;
    const render = async () => html(`<script nonce="${NONCE_PLACEHOLDER}">x</script>${typed}`);
    for (const state of ["MISS", "HIT"]) {
      const { response, state: served } = await cache.serve("/search?q=x", "n0nce", render);
      expect(served).toBe(state);
      const body = await response.text();
      expect(body).toContain('<script nonce="n0nce">');
      expect(body).toContain(typed);
      expect(body.split("n0nce")).toHaveLength(2);
    }
  });

  it("is not guessable: a fresh one per process", () => {
    expect(NONCE_PLACEHOLDER).toMatch(/^gleam-nonce-[0-9a-f]{24}$/);
    expect(NONCE_PLACEHOLDER).not.toBe("__gleam_csp_nonce_4d7c1f__");
  });
});

describe("isCacheableRequest", () => {
  const request = (init?: RequestInit) => new Request("http://shop.test/store", init);

  it("accepts an anonymous page view", () => {
    expect(isCacheableRequest(request(), "/store")).toBe(true);
  });

  it("accepts a visitor whose cookies hold no session", () => {
    expect(isCacheableRequest(request({ headers: { Cookie: "consent=yes" } }), "/store")).toBe(
      true,
    );
  });

  it("serves the public pages to a signed-in visitor too, and no other page", () => {
    const session = { Cookie: "consent=yes; better-auth.session_token=abc.def" };
    for (const path of ["/", "/store", "/store/toothpaste", "/product/prod1", "/search", "/faq"]) {
      expect(isCacheableRequest(request({ headers: session }), path), path).toBe(true);
    }
    for (const path of ["/login", "/checkout", "/success", "/dashboard", "/product/prod1/review"]) {
      expect(isCacheableRequest(request({ headers: session }), path), path).toBe(false);
      expect(isCacheableRequest(request({ headers: { Authorization: "Bearer x" } }), path)).toBe(
        false,
      );
      expect(isCacheableRequest(request(), path), path).toBe(true);
    }
  });

  it("knows the public pages by path alone", () => {
    expect(isSharedPage("/store/pens")).toBe(true);
    expect(isSharedPage("/store/pens/more")).toBe(false);
    expect(isSharedPage("/product/prod1/review")).toBe(false);
    expect(isSharedPage("/product")).toBe(false);
    expect(isSharedPage("/dashboard/wishlist")).toBe(false);
    expect(isSharedPage("/abouts")).toBe(false);
  });

  it("refuses anything that may be personal or is not a page", () => {
    expect(isCacheableRequest(request({ method: "POST" }), "/store")).toBe(false);
    expect(isCacheableRequest(request({ method: "HEAD" }), "/store")).toBe(false);
    expect(isCacheableRequest(request(), "/api/variants")).toBe(false);
    expect(isCacheableRequest(request(), "/api/products/prod1/other")).toBe(false);
    expect(isCacheableRequest(request(), "/store.data")).toBe(false);
  });

  it("accepts the public catalogue API from anyone, but only for GET", () => {
    const withCookie = request({ headers: { Cookie: "session=1" } });
    expect(isCacheableRequest(withCookie, "/api/products")).toBe(true);
    expect(isCacheableRequest(withCookie, "/api/products/prod1")).toBe(true);
    expect(isCacheableRequest(request({ method: "POST" }), "/api/products")).toBe(false);
  });
});
