import { expect, gotoHydrated, test } from "./fixtures";
import { layoutShiftTotal, recordLayoutShifts } from "./layout-shifts";

// Inter, the shop's type, is preloaded in the head so it arrives beside the stylesheet,
// and until it does the text is set in a local font scaled to Inter's metrics (app.css), so its
// arrival moves nothing.

const FONT_FILE = /\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

test("the Latin face of Inter is preloaded and fetched once", async ({ page, request }) => {
  const html = await (await request.get("/product/prod1")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const preload = head.match(/<link rel="preload" href="([^"]+)" as="font"[^>]*>/);
  expect(preload?.[1]).toMatch(FONT_FILE);
  expect(preload?.[0]).toContain('type="font/woff2"');
  // Without crossorigin the preload is not the font's fetch: the browser would fetch it twice.
  expect(preload?.[0]).toContain('crossorigin=""');
  // The preload comes after the stylesheet, which blocks the first paint and must not wait.
  expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('as="font"'));

  const fontRequests: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().endsWith(".woff2")) fontRequests.push(new URL(sent.url()).pathname);
  });
  await gotoHydrated(page, "/product/prod1");
  await page.evaluate(() => document.fonts.ready);
  expect(fontRequests).toEqual([preload?.[1]]);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', "Gleam £"))).toBe(
    true,
  );
});

test("text does not move when the font arrives late", async ({ page }) => {
  // A slow connection: the font comes a second after everything else.
  await page.route(FONT_FILE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await recordLayoutShifts(page);
  for (const path of ["/", "/store", "/product/prod1"]) {
    await gotoHydrated(page, path);
    await page.evaluate(async () => {
      await document.fonts.ready;
      // Two frames after the swap, so its shift (if any) is recorded.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const total = await layoutShiftTotal(page);
    expect(
      await page.evaluate(() => document.fonts.check('16px "Inter Variable"', "Gleam")),
      path,
    ).toBe(true);
    // With the unscaled system font the phone's home page moved by 0.12 when Inter arrived (above
    // 0.1, what Google counts as poor); with the scaled one, 0.007.
    expect(total, path).toBeLessThan(0.02);
  }
});
