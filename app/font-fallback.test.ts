import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createFontStack, type FontMetrics } from "@capsizecss/core";
import { fromFile } from "@capsizecss/unpack/fs";
import { describe, expect, it } from "vitest";

// app.css sets text in a local font scaled to Inter's metrics until Inter arrives, so the swap moves
// nothing. Its figures must follow the Inter file the shop ships: this recomputes them with capsize
// (the library made for it) and compares.

// The local fonts' metrics, as @capsizecss/metrics 4.3.0 gives them (that package holds every
// Google font, 169 MB, too much to install for two entries). Liberation Sans, Arial's metric twin
// on Linux, has the same figures (read with @capsizecss/unpack from Debian's fonts-liberation).
const arial: FontMetrics = {
  familyName: "Arial",
  fullName: "Arial",
  postscriptName: "ArialMT",
  capHeight: 1467,
  ascent: 1854,
  descent: -434,
  lineGap: 67,
  unitsPerEm: 2048,
  xHeight: 1062,
  xWidthAvg: 913,
};
const roboto: FontMetrics = {
  familyName: "Roboto",
  fullName: "Roboto Regular",
  postscriptName: "Roboto-Regular",
  capHeight: 1456,
  ascent: 1900,
  descent: -500,
  lineGap: 0,
  unitsPerEm: 2048,
  xHeight: 1082,
  xWidthAvg: 911,
};

const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");

/** The declarations of app.css's @font-face for a family, by property name. */
function fontFace(family: string): Record<string, string> {
  for (const block of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const declarations = Object.fromEntries(
      (block[1] ?? "")
        .split(";")
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const colon = line.indexOf(":");
          return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
        }),
    );
    if (declarations["font-family"] === `"${family}"`) return declarations;
  }
  throw new Error(`app.css has no @font-face for ${family}`);
}

async function shippedInter(): Promise<FontMetrics> {
  const file = createRequire(import.meta.url).resolve(
    "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  );
  return fromFile(file);
}

describe("Inter's fallback faces in app.css", () => {
  it("carry capsize's overrides for the Inter file the shop ships", async () => {
    const [arialFace, robotoFace] = createFontStack([await shippedInter(), arial, roboto], {
      fontFaceFormat: "styleObject",
    }).fontFaces.map((face) => face["@font-face"]);
    for (const [family, expected] of [
      ["Inter Fallback Arial", arialFace],
      ["Inter Fallback Roboto", robotoFace],
    ] as const) {
      const declared = fontFace(family);
      expect(declared["size-adjust"], family).toBe(expected?.sizeAdjust);
      expect(declared["ascent-override"], family).toBe(expected?.ascentOverride);
      expect(declared["descent-override"], family).toBe(expected?.descentOverride);
      // capsize leaves the line gap out when the local font's is already Inter's (none).
      expect(declared["line-gap-override"], family).toBe(expected?.lineGapOverride);
    }
  });

  it("name the local fonts they scale, and come right after Inter in the text's font stack", () => {
    expect(fontFace("Inter Fallback Arial").src).toBe(
      'local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans")',
    );
    expect(fontFace("Inter Fallback Roboto").src).toBe(
      'local("Roboto Regular"), local("Roboto-Regular")',
    );
    expect(css).toMatch(
      /--font-sans:\s*"Inter Variable", "Inter Fallback Arial", "Inter Fallback Roboto",/,
    );
  });
});
