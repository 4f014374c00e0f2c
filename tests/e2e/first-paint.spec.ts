import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { layoutShiftTotal, recordLayoutShifts } from "./layout-shifts";

// A browser may paint a page it has only partly read: on a slow or busy phone the header was painted
// without its last controls, and the home page's hero with half its text (its art, placed first
// and moved below the text by CSS, then jumped down the screen: a layout shift of 0.37). The head's
// `<link rel="expect" href="#site-footer" blocking="render">` holds the first paint until the page
// is read up to its footer. Here the document arrives in two parts, the second after a pause
// (through a relay in front of the shop; everything else passes at once), and the page must not
// paint before it has the rest.

const PAUSE_MS = 800;

/** Relays every request to the shop; a page's HTML is sent up to `splitAt`, then the rest later. */
function pausingRelay(shop: URL, splitAt: (html: string) => number): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const isDocument = incoming.headers.accept?.includes("text/html") ?? false;
    const headers = { ...incoming.headers, host: shop.host };
    // The document uncompressed, so that it can be cut where the test says.
    if (isDocument) headers["accept-encoding"] = "identity";
    const upstream = forward(
      {
        host: shop.hostname,
        port: shop.port,
        path: incoming.url,
        method: incoming.method,
        headers,
      },
      (answer) => {
        if (!isDocument) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const html = Buffer.concat(chunks).toString("utf8");
          const { "content-length": _length, ...rest } = answer.headers;
          outgoing.writeHead(answer.statusCode ?? 502, rest);
          const cut = splitAt(html);
          outgoing.write(html.slice(0, cut));
          setTimeout(() => outgoing.end(html.slice(cut)), PAUSE_MS);
        });
      },
    );
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("a page is not painted before it is read to its footer", async ({ page, baseURL }) => {
  // Cut inside the first section of the page: the hero's text on the home page.
  const relay = await pausingRelay(new URL(baseURL ?? ""), (html) => {
    const main = html.indexOf('<main id="main"');
    expect(main).toBeGreaterThan(0);
    return main + 900;
  });
  try {
    await recordLayoutShifts(page);
    // When the footer is read, and when the page was first painted.
    await page.addInitScript(() => {
      const seen = window as unknown as { footerReadAt?: number };
      new MutationObserver((_changes, observer) => {
        if (document.getElementById("site-footer")) {
          seen.footerReadAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const { port } = relay.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const { firstPaint, footerReadAt } = await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return {
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
        footerReadAt: (window as unknown as { footerReadAt?: number }).footerReadAt ?? -1,
      };
    });
    expect(footerReadAt).toBeGreaterThan(PAUSE_MS / 2);
    expect(firstPaint).toBeGreaterThanOrEqual(footerReadAt);
    expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
  } finally {
    relay.closeAllConnections();
    await new Promise((resolve) => relay.close(resolve));
  }
});

// Should a paint come early all the same (a browser without `rel=expect`), the hero's art must not
// be above its text in the document: it would be painted first and pushed down when the text came.
test("the home page's hero has its text before its art in the document", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const heading = html.indexOf("<h1");
  expect(heading).toBeGreaterThan(0);
  expect(html.indexOf('data-testid="hero-art"')).toBeGreaterThan(heading);
});
