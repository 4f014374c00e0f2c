import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "./compression";
import { bodyAsMade, sentAsMade } from "./light-response";

const page = `<!DOCTYPE html><html><body>${"<p>Whitening strips, £39.99</p>".repeat(100)}</body></html>`;

function appAnswering(answer: () => Response) {
  const app = new Hono();
  app.use(compression());
  app.all("*", () => answer());
  return app;
}

const html = (headers: Record<string, string> = {}) =>
  sentAsMade(Buffer.from(page), {
    headers: { "Content-Type": "text/html; charset=utf-8", Vary: "Cookie", ...headers },
  });

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe("compression", () => {
  it("sends a made body in Brotli when the browser takes it, as a made body of its exact length", async () => {
    const app = appAnswering(() => html({ ETag: '"v1"' }));
    const response = await app.request("/store", {
      headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
    });
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(response.headers.get("ETag")).toBe('W/"v1"');
    expect(bodyAsMade(response)).toBeDefined();
    const body = await bytesOf(response);
    expect(Number(response.headers.get("Content-Length"))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(body).toString("utf8")).toBe(page);
  });

  it("sends gzip to a client that takes only gzip, and the body as it is to one that takes neither", async () => {
    const app = appAnswering(() => html());
    const gzipped = await app.request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(await bytesOf(gzipped)).toString("utf8")).toBe(page);

    const plain = await app.request("/", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect((await bytesOf(plain)).toString("utf8")).toBe(page);
  });

  it("compresses a text body made whole too (the API's JSON)", async () => {
    const json = JSON.stringify({
      products: Array.from({ length: 100 }, (_, i) => ({
        id: `prod${i}`,
        name: "Whitening Strips",
      })),
    });
    const app = appAnswering(() =>
      sentAsMade(json, { headers: { "Content-Type": "application/json; charset=utf-8" } }),
    );
    const response = await app.request("/api/products", { headers: { "Accept-Encoding": "br" } });
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(await bytesOf(response)).toString("utf8")).toBe(json);
  });

  it("compresses a large made body off the event loop, to the same bytes", async () => {
    const large = `<p>${"Enamel-safe whitening, recommended by dentists. ".repeat(8000)}</p>`;
    const app = appAnswering(() =>
      sentAsMade(Buffer.from(large), { headers: { "Content-Type": "text/html" } }),
    );
    expect(large.length).toBeGreaterThan(256 * 1024);
    const response = await app.request("/", { headers: { "Accept-Encoding": "gzip" } });
    const body = await bytesOf(response);
    expect(Number(response.headers.get("Content-Length"))).toBe(body.length);
    expect(gunzipSync(body).toString("utf8")).toBe(large);
  });

  it("leaves small bodies, no-transform, HEAD and 304 answers and images as they are", async () => {
    const headers = { "Accept-Encoding": "br, gzip" };
    const small = appAnswering(() =>
      sentAsMade("<p>small</p>", { headers: { "Content-Type": "text/html" } }),
    );
    const smallAnswer = await small.request("/", { headers });
    expect(smallAnswer.headers.get("Content-Encoding")).toBeNull();
    expect(smallAnswer.headers.get("Vary")).toBeNull();

    const untouched = appAnswering(() => html({ "Cache-Control": "no-transform" }));
    expect((await untouched.request("/", { headers })).headers.get("Content-Encoding")).toBeNull();

    const app = appAnswering(() => html());
    const head = await app.request("/", { method: "HEAD", headers });
    expect(head.headers.get("Content-Encoding")).toBeNull();

    const notModified = appAnswering(() => new Response(null, { status: 304 }));
    expect((await notModified.request("/", { headers })).status).toBe(304);

    const image = appAnswering(() =>
      sentAsMade(Buffer.alloc(4096), { headers: { "Content-Type": "image/webp" } }),
    );
    expect((await image.request("/", { headers })).headers.get("Content-Encoding")).toBeNull();
  });

  it("gzips a streamed body as it streams", async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `order-${i},paid,39.99\n`);
    const app = appAnswering(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const line of lines) controller.enqueue(new TextEncoder().encode(line));
              controller.close();
            },
          }),
          { headers: { "Content-Type": "text/csv; charset=utf-8" } },
        ),
    );
    const response = await app.request("/export", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Content-Length")).toBeNull();
    expect(gunzipSync(await bytesOf(response)).toString("utf8")).toBe(lines.join(""));
  });
});
