import { describe, expect, it } from "vitest";
import { isCacheableRequest, NONCE_PLACEHOLDER, PageCache } from "./page-cache";

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

  it("passes non-HTML responses through untouched", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const { response, state } = await cache.serve("/x", "n", async () =>
      Response.json({ ok: true }),
    );
    expect(state).toBe("BYPASS");
    expect(await response.json()).toEqual({ ok: true });
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

describe("isCacheableRequest", () => {
  const request = (init?: RequestInit) => new Request("http://shop.test/store", init);

  it("accepts an anonymous page view", () => {
    expect(isCacheableRequest(request(), "/store")).toBe(true);
  });

  it("refuses anything that may be personal or is not a page", () => {
    expect(isCacheableRequest(request({ headers: { Cookie: "session=1" } }), "/store")).toBe(false);
    expect(isCacheableRequest(request({ headers: { Authorization: "Bearer x" } }), "/store")).toBe(
      false,
    );
    expect(isCacheableRequest(request({ method: "POST" }), "/store")).toBe(false);
    expect(isCacheableRequest(request({ method: "HEAD" }), "/store")).toBe(false);
    expect(isCacheableRequest(request(), "/api/products")).toBe(false);
    expect(isCacheableRequest(request(), "/store.data")).toBe(false);
  });
});
