import {
  createServer,
  type IncomingHttpHeaders,
  type RequestOptions,
  request,
  type Server,
} from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheHitServer } from "./cache-hits";
import { PageCache } from "./page-cache";
import { inlineScriptHashes } from "./security-headers";

// The fast lane on a real node:http server: what it answers itself, and what it leaves to the app
// (here a stand-in that answers 299, so a test sees who answered).

const page = `<html><head><script>paint()</script></head><body>${"<p>Strips</p>".repeat(200)}</body></html>`;

describe("cache hits before the app", () => {
  const cache = new PageCache({ ttlMs: 60_000, maxEntries: 10 });
  const recorded: Array<[string, string, number]> = [];
  let draining = false;
  let server: Server;
  let origin = "";

  beforeAll(async () => {
    const render = async () =>
      new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    await cache.serve("/about", render);
    await cache.serve("/login", render);
    await cache.serve("/search?q=white", render);
    const serveHit = cacheHitServer({
      pageCache: cache,
      https: false,
      stripe: false,
      trustProxyHops: 0,
      record: (method, path, status) => recorded.push([method, path, status]),
      isDraining: () => draining,
    });
    server = createServer((request, response) => {
      if (serveHit(request, response)) return;
      response.writeHead(299).end("app");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a stored page with the app's headers and the CSP hashes of its scripts", async () => {
    const response = await fetch(`${origin}/about`, { headers: { "Accept-Encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(page);
    expect(response.headers.get("X-Page-Cache")).toBe("HIT");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    const [hash] = inlineScriptHashes(page);
    expect(response.headers.get("Content-Security-Policy")).toContain(`script-src 'self' ${hash};`);
    expect(response.headers.get("Connection")).not.toBe("close");
    expect(recorded.at(-1)).toEqual(["GET", "/about", 200]);
  });

  /** node:http's own client: the request target exactly as written, the body not decoded. */
  function raw(path: string, options: RequestOptions = {}) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        request(`${origin}${path}`, { ...options, path }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
          .on("error", reject)
          .end(options.method === "POST" ? "x" : undefined);
      },
    );
  }

  it("sends the stored compressed bytes", async () => {
    const response = await raw("/search?q=white", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(gunzipSync(response.body).toString()).toBe(page);
  });

  it("leaves to the app what it does not hold or must not decide", async () => {
    const session = { Cookie: "better-auth.session_token=abc.def" };
    const cases: Array<[string, RequestOptions]> = [
      ["/contact", {}], // not stored
      ["/about?", {}], // the app spells it /about: left to it, not guessed at
      ["/./about", {}],
      ["/ab%6Fut", {}],
      ["/about", { headers: { "If-None-Match": '"x"' } }],
      ["/about", { method: "POST" }],
      ["/about", { method: "HEAD" }],
      ["/login", { headers: session }], // personal for a signed-in visitor
    ];
    for (const [path, init] of cases) {
      const response = await raw(path, init);
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(299);
    }
    // A public page is the same for a signed-in visitor.
    const shared = await fetch(`${origin}/about`, { headers: session });
    expect(shared.headers.get("X-Page-Cache")).toBe("HIT");
  });

  it("closes the connection while the server drains", async () => {
    draining = true;
    try {
      const response = await fetch(`${origin}/about`);
      expect(response.headers.get("Connection")).toBe("close");
      await response.arrayBuffer();
    } finally {
      draining = false;
    }
  });
});
