import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { chromium } from "playwright-core";
import { assertChromium, chromiumArgs, chromiumPath } from "./chromium";
import { interFonts, outlineText, svgFilesUnder } from "./outline-text";

// The shop's pictures from their sources, run after changing an illustration: `npm run images`.
// 1. The illustrations with lettering are drawn in design/illustrations with plain <text>; each is
//    written to the same path under public/images with its lettering as outlines (decision
//    record 029). The others are drawn in public/images directly.
// 2. The SVG illustrations are rasterised into the JPEGs that link previews need (social networks
//    do not read SVG).
// Both outputs are committed, so the shop needs neither step to run.

const root = join(import.meta.dirname, "..");
const imagesDir = join(root, "public", "images");
const sourcesDir = join(root, "design", "illustrations");

function outlineIllustrations() {
  const fonts = interFonts();
  for (const file of svgFilesUnder(sourcesDir)) {
    const target = join(imagesDir, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outlineText(readFileSync(join(sourcesDir, file), "utf8"), fonts));
    console.log(`wrote ${relative(root, target)}`);
  }
}

async function main() {
  outlineIllustrations();
  assertChromium();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage({ deviceScaleFactor: 1 });

  const productsDir = join(imagesDir, "products");
  for (const file of svgFilesUnder(productsDir)) {
    await renderSvg(
      page,
      join(productsDir, file),
      800,
      800,
      join(productsDir, file.replace(/\.svg$/, ".jpg")),
    );
  }

  // The default link preview: the hero illustration with the shop's promise, 1200 x 630.
  const hero = readFileSync(join(imagesDir, "hero.svg"), "utf8");
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(`<!doctype html><html><body style="margin:0">
    <div style="position:relative;width:1200px;height:630px;overflow:hidden;font-family:'Liberation Sans',Arial,sans-serif">
      <img src="data:image/svg+xml;base64,${Buffer.from(hero).toString("base64")}" style="position:absolute;inset:0;width:100%;height:100%;object-fit:cover;object-position:right" alt="">
      <div style="position:absolute;inset:0;background:linear-gradient(90deg,rgba(255,255,255,.95) 0%,rgba(255,255,255,.8) 42%,rgba(255,255,255,0) 70%)"></div>
      <div style="position:absolute;left:72px;top:170px;width:560px;color:#0f172a">
        <div style="font-size:30px;font-weight:700;letter-spacing:6px;color:#0f766e">GLEAM</div>
        <div style="margin-top:18px;font-size:60px;line-height:1.08;font-weight:700">A brighter smile, the gentle way</div>
        <div style="margin-top:22px;font-size:26px;color:#334155">Enamel-safe whitening strips, toothpaste and pens</div>
      </div>
    </div></body></html>`);
  await page.screenshot({ path: join(imagesDir, "og-default.jpg"), type: "jpeg", quality: 85 });
  await browser.close();
}

async function renderSvg(
  page: import("playwright-core").Page,
  source: string,
  width: number,
  height: number,
  target: string,
) {
  await page.setViewportSize({ width, height });
  const svg = readFileSync(source, "utf8");
  await page.setContent(
    `<!doctype html><html><body style="margin:0"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${width}" height="${height}" style="display:block" alt=""></body></html>`,
  );
  await page.screenshot({ path: target, type: "jpeg", quality: 85 });
  console.log(`wrote ${target}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
