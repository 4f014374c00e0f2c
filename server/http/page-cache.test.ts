import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  cachedAnswer,
  encodingFor,
  isCacheableRequest,
  isSharedPage,
  PageCache,
  type Served,
} from "./page-cache";
import { inlineScriptHashes } from "./security-headers";

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

/** The body a serve() result answers with: the stored page's, or the response's. */
async function textOf({ served }: Served): Promise<string> {
  if (served instanceof Response) return served.text();
  return served.body.toString("utf8");
}

describe("PageCache", () => {
  it("renders once, then serves the same bytes, with the hashes of its inline scripts", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    let renders = 0;
    const render = async () => {
      renders++;
      return html("<script>x</script><p>page</p>");
    };
    const first = await cache.serve("/a", render);
    const second = await cache.serve("/a", render);
    expect(first.state).toBe("MISS");
    expect(second.state).toBe("HIT");
    expect(await textOf(first)).toBe("<script>x</script><p>page</p>");
    expect(await textOf(second)).toBe("<script>x</script><p>page</p>");
    expect(second.served).not.toBeInstanceOf(Response);
    if (!(second.served instanceof Response)) {
      expect(second.served.scriptHashes).toEqual(inlineScriptHashes("<script>x</script>"));
    }
    expect(renders).toBe(1);
  });

  it("renders again once the entry is older than the TTL", async () => {
    // Any clock but 0, which lru-cache reads as "stored without a time" (a real clock is never 0).
    const time = clock(1_700_000_000_000);
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, now: time.now });
    let renders = 0;
    const render = async () => html(`v${++renders}`);
    await cache.serve("/a", render);
    time.advance(1000);
    expect(await textOf(await cache.serve("/a", render))).toBe("v1");
    time.advance(1);
    expect(await textOf(await cache.serve("/a", render))).toBe("v2");
  });

  it("shares one render between concurrent misses", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return html("page");
    };
    const results = await Promise.all([1, 2, 3].map(() => cache.serve("/a", render)));
    expect(renders).toBe(1);
    for (const result of results) expect(await textOf(result)).toBe("page");
  });

  it("never stores errors, redirects or pages that set a cookie", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    await cache.serve("/missing", async () => html("gone", { status: 404 }));
    await cache.serve("/cookie", async () => html("hi", { headers: { "Set-Cookie": "a=b" } }));
    await cache.serve("/private", async () =>
      html("mine", { headers: { "Cache-Control": "private, no-store" } }),
    );
    await cache.serve("/moved", async () => Response.redirect("http://shop.test/a", 302));
    expect(cache.size).toBe(0);
  });

  it("stores an anonymous visitor's page marked private for shared caches, with its Vary", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const body = "<p>anonymous</p>".repeat(200);
    const { served, state } = await cache.serve("/login", async () =>
      html(body, { headers: { "Cache-Control": "private, no-cache", Vary: "Cookie" } }),
    );
    expect(state).toBe("MISS");
    if (served instanceof Response) throw new Error("stored");
    expect(cachedAnswer(served, "br", null).headers).toContainEqual([
      "Vary",
      "Cookie, Accept-Encoding",
    ]);
  });

  it("gives every stored page an ETag and answers it 304", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const { served } = await cache.serve("/about", async () => html("<p>about</p>"));
    if (served instanceof Response) throw new Error("stored");
    const etag = cachedAnswer(served, "identity", null).headers.find(
      ([name]) => name.toLowerCase() === "etag",
    )?.[1];
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const again = cachedAnswer(served, "identity", etag);
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
  });

  it("keeps the status and headers, including Set-Cookie, of a page it does not store", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const { served, state } = await cache.serve("/c", async () =>
      html("hi", { status: 201, headers: { "Set-Cookie": "a=b" } }),
    );
    expect(state).toBe("BYPASS");
    if (served instanceof Response) throw new Error("a page is answered from its stored copy");
    const answer = cachedAnswer(served, "identity", null);
    expect(answer.status).toBe(201);
    expect(answer.headers).toContainEqual(["set-cookie", "a=b"]);
  });

  it("stores the sitemap's XML, and passes other responses (text) through untouched", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const sitemap = await cache.serve(
      "/sitemap.xml",
      async () => new Response("<urlset/>", { headers: { "Content-Type": "application/xml" } }),
    );
    expect(sitemap.state).toBe("MISS");
    expect(cache.size).toBe(1);
    const result = await cache.serve(
      "/robots.txt",
      async () => new Response("User-agent: *", { headers: { "Content-Type": "text/plain" } }),
    );
    expect(result.state).toBe("BYPASS");
    expect(result.served).toBeInstanceOf(Response);
    expect(await textOf(result)).toBe("User-agent: *");
    expect(cache.size).toBe(1);
  });

  it("evicts the least recently used entry beyond its size", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 2 });
    const render = (body: string) => async () => html(body);
    await cache.serve("/a", render("a"));
    await cache.serve("/b", render("b"));
    await cache.serve("/a", render("a2"));
    await cache.serve("/c", render("c"));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")?.body.toString()).toBe("a");
    expect(cache.get("/c")?.body.toString()).toBe("c");
  });
});

describe("a stored page's answer", () => {
  const page = "<p>Whitening strips</p>".repeat(200);

  async function stored(body: string, headers: Record<string, string> = {}) {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const { served } = await cache.serve("/p", async () => html(body, { headers }));
    if (served instanceof Response) throw new Error("not stored");
    return served;
  }

  it("is compressed once per encoding, Brotli first, as the client's q-values allow", async () => {
    const entry = await stored(page);
    expect(encodingFor(entry, "gzip, deflate, br")).toBe("br");
    expect(encodingFor(entry, "gzip, br;q=0.5")).toBe("gzip");
    expect(encodingFor(entry, "br;q=0, gzip;q=0")).toBe("identity");
    expect(encodingFor(entry, "*")).toBe("br");
    expect(encodingFor(entry, "deflate")).toBe("identity");
    expect(encodingFor(entry, undefined)).toBe("identity");
    const br = cachedAnswer(entry, "br", null);
    expect(brotliDecompressSync(br.body ?? Buffer.alloc(0)).toString()).toBe(page);
    expect(br.headers).toContainEqual(["Content-Encoding", "br"]);
    expect(br.headers).toContainEqual(["Vary", "Accept-Encoding"]);
    expect(br.headers).toContainEqual(["Content-Length", String(br.body?.length)]);
    const gzip = cachedAnswer(entry, "gzip", null);
    expect(gunzipSync(gzip.body ?? Buffer.alloc(0)).toString()).toBe(page);
    // Prepared once: the same bytes on every hit.
    expect(cachedAnswer(entry, "br", null).body).toBe(br.body);
  });

  it("is sent as it is when small or marked no-transform", async () => {
    const small = await stored("<p>hi</p>");
    expect(encodingFor(small, "br, gzip")).toBe("identity");
    expect(cachedAnswer(small, "identity", null).headers.map(([name]) => name)).not.toContain(
      "Vary",
    );
    const untouched = await stored(page, { "Cache-Control": "public, no-transform" });
    expect(encodingFor(untouched, "br, gzip")).toBe("identity");
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
    const miss = await cache.serve("/api/products", render);
    expect(miss.state).toBe("MISS");
    const hit = await cache.serve("/api/products", render);
    expect(hit.state).toBe("HIT");
    expect(await textOf(hit)).toBe('{"products":[]}');
    if (hit.served instanceof Response) throw new Error("not stored");
    expect(hit.served.scriptHashes).toEqual([]);
    const conditional = cachedAnswer(hit.served, "identity", 'W/"v1"');
    expect(conditional.status).toBe(304);
    expect(conditional.headers).toContainEqual(["etag", 'W/"v1"']);
    expect(conditional.body).toBeNull();
    const stale = cachedAnswer(hit.served, "identity", 'W/"v0"');
    expect(stale.status).toBe(200);
    expect(renders).toBe(1);
  });

  it("weakens a strong ETag on a compressed body", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const body = JSON.stringify({ products: "x".repeat(2000) });
    const { served } = await cache.serve("/api/products", async () => json(body, '"v1"'));
    if (served instanceof Response) throw new Error("not stored");
    expect(cachedAnswer(served, "gzip", null).headers).toContainEqual(["etag", 'W/"v1"']);
    expect(cachedAnswer(served, "identity", null).headers).toContainEqual(["etag", '"v1"']);
  });

  it("never stores a 304", async () => {
    const cache = new PageCache({ ttlMs: 5000, maxEntries: 10 });
    const render = async () => new Response(null, { status: 304, headers: { ETag: 'W/"v1"' } });
    const first = await cache.serve("/api/products", render);
    expect(first.served).toBeInstanceOf(Response);
    expect((first.served as Response).status).toBe(304);
    expect(cache.size).toBe(0);
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
