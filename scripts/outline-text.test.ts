import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { interFonts, outlineText, svgFilesUnder } from "./outline-text";

const root = join(import.meta.dirname, "..");

const fonts = interFonts();

/** The bounds of the points of the first path's data (relative m, l, q, c and z, as written). */
function pathBounds(svg: string) {
  const data = /<path d="([^"]+)"/.exec(svg)?.[1] ?? "";
  const xs: number[] = [];
  const ys: number[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const [, command, args] of data.matchAll(/([mlqcz])([^mlqcz]*)/g)) {
    const numbers = [...(args ?? "").matchAll(/-?(?:\d+\.?\d*|\.\d+)/g)].map((m) => Number(m[0]));
    if (command === "z") {
      x = startX;
      y = startY;
      continue;
    }
    // Every pair is relative to the point the command starts from; the last pair ends it.
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      xs.push(x + (numbers[i] ?? 0));
      ys.push(y + (numbers[i + 1] ?? 0));
    }
    x += numbers.at(-2) ?? 0;
    y += numbers.at(-1) ?? 0;
    if (command === "m") {
      startX = x;
      startY = y;
    }
  }
  return {
    minX: Math.min(...xs),
    maxX: Math.max(...xs),
    minY: Math.min(...ys),
    maxY: Math.max(...ys),
  };
}

describe("outlineText", () => {
  it("replaces a text with a path of the same fill, centred on its anchor, on its baseline", () => {
    const svg = `<svg><text x="300" y="200" text-anchor="middle" font-family="Inter" font-size="20" font-weight="700" fill="#0f766e">Smile Bundle</text></svg>`;
    const out = outlineText(svg, fonts);
    expect(out).not.toContain("<text");
    expect(out).toMatch(/^<svg><path d="m[^"]+" fill="#0f766e"\/><\/svg>$/);
    const box = pathBounds(out);
    // Centred on x = 300: as much on each side, give or take the letters' side bearings.
    expect(Math.abs((box.minX + box.maxX) / 2 - 300)).toBeLessThan(2);
    // Letters without descenders stand on the baseline at y = 200; the tallest reach up about 0.75 em.
    expect(box.maxY).toBeLessThanOrEqual(200.5);
    expect(200 - box.minY).toBeGreaterThan(13);
    expect(200 - box.minY).toBeLessThan(16);
  });

  it("spreads letters by their spacing and sets a lighter weight narrower", () => {
    const at = (attributes: string) =>
      pathBounds(
        outlineText(
          `<svg><text x="0" y="50" font-family="Inter" font-size="24" ${attributes} fill="#fff">GLEAM</text></svg>`,
          fonts,
        ),
      );
    const bold = at('font-weight="700"');
    const spaced = at('font-weight="700" letter-spacing="5"');
    const regular = at("");
    // Four gaps between five letters, 5 px each.
    expect(spaced.maxX - spaced.minX - (bold.maxX - bold.minX)).toBeCloseTo(20, 0);
    expect(regular.maxX - regular.minX).toBeLessThan(bold.maxX - bold.minX);
    // Anchored at the start: the first letter starts at x = 0 (its side bearing aside).
    expect(bold.minX).toBeGreaterThanOrEqual(0);
    expect(bold.minX).toBeLessThan(3);
  });

  it("refuses what it cannot outline faithfully rather than dropping it", () => {
    expect(() =>
      outlineText(
        `<svg><text x="0" y="0" font-size="10" transform="rotate(4)">A</text></svg>`,
        fonts,
      ),
    ).toThrow(/transform/);
    expect(() =>
      outlineText(`<svg><text x="0" y="0" font-size="10"><tspan>A</tspan></text></svg>`, fonts),
    ).toThrow(/tspan/);
    expect(() =>
      outlineText(`<svg><text x="0" y="0" font-size="10" font-weight="900">A</text></svg>`, fonts),
    ).toThrow(/weight 900/);
  });
});

describe("the shop's illustrations", () => {
  it("in public/images are their design sources outlined (run `npm run images` after editing one)", () => {
    const sources = svgFilesUnder(join(root, "design", "illustrations"));
    expect(sources.length).toBeGreaterThan(0);
    for (const file of sources) {
      const source = readFileSync(join(root, "design", "illustrations", file), "utf8");
      const published = readFileSync(join(root, "public", "images", file), "utf8");
      expect(published, file).toBe(outlineText(source, fonts));
    }
  });

  it("hold no text for the browser to lay out", () => {
    for (const file of svgFilesUnder(join(root, "public"))) {
      expect(readFileSync(join(root, "public", file), "utf8"), file).not.toMatch(/<text\b/);
    }
  });
});
