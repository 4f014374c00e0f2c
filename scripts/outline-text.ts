import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font, PathCommand } from "opentype.js";

// The lettering of the shop's illustrations as outlines (decision record 029). A browser lays out
// an SVG's <text> on the page's main thread every time it shows the picture: the four product
// illustrations cost 40-50 ms there on /store (unthrottled, Chromium's trace), several times
// more on a phone. An SVG in an <img> also cannot use the shop's font, so the words were drawn
// in whatever sans-serif the device had. As outlines they cost nothing to lay out and look the
// same everywhere, in Inter, the shop's typeface.

/** Inter's static instances by weight (the variable font the pages use cannot be read here). */
export type Fonts = ReadonlyMap<number, Font>;

const require = createRequire(import.meta.url);
// Its CommonJS build through require: Node cannot see the named exports of its UMD wrapper.
const opentype: typeof import("opentype.js") = require("opentype.js");

/** Inter in the weights the illustrations use, from @fontsource/inter (WOFF: opentype.js reads
 * WOFF, not WOFF2). */
const INTER_FILES: Record<number, string> = {
  400: require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"),
  600: require.resolve("@fontsource/inter/files/inter-latin-600-normal.woff"),
  700: require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff"),
};

export function interFonts(): Fonts {
  return new Map(
    Object.entries(INTER_FILES).map(([weight, file]) => {
      const bytes = readFileSync(file);
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
      return [Number(weight), opentype.parse(buffer)];
    }),
  );
}

/** The SVG files under `dir`, at any depth, as paths relative to it. */
export function svgFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) =>
    name.endsWith(".svg"),
  );
}

/** To a tenth of a unit of the drawing: the precision of the outlines. */
function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A number to one decimal, as short as SVG allows ("0.5" as ".5", "-0.5" as "-.5"). */
function short(value: number): string {
  const rounded = tenth(value);
  return (Object.is(rounded, -0) ? 0 : rounded).toString().replace(/^(-?)0\./, "$1.");
}

/** Numbers joined as SVG reads them: a space only where a number does not start with "-". */
function joined(values: number[]): string {
  return values
    .map((value, i) => {
      const text = short(value);
      return i === 0 || text.startsWith("-") ? text : ` ${text}`;
    })
    .join("");
}

/**
 * Path data with relative coordinates, a third smaller than opentype.js's absolute ones (an
 * outlined word is hundreds of points; the home page inlines its hero). Each point is rounded
 * from the absolute position, so rounding errors do not add up along a letter.
 */
function compactPathData(commands: readonly PathCommand[]): string {
  let out = "";
  // The position as the relative path has reached it (rounded), and the subpath's start.
  let atX = 0;
  let atY = 0;
  let startX = 0;
  let startY = 0;
  const rel = (x: number, y: number) => [tenth(x) - atX, tenth(y) - atY];
  const moveTo = (x: number, y: number) => {
    atX = tenth(x);
    atY = tenth(y);
  };
  for (const command of commands) {
    switch (command.type) {
      case "M": {
        const [dx = 0, dy = 0] = rel(command.x, command.y);
        out += `m${joined([dx, dy])}`;
        moveTo(command.x, command.y);
        startX = atX;
        startY = atY;
        break;
      }
      case "L": {
        const [dx = 0, dy = 0] = rel(command.x, command.y);
        // A line to where the path already is (before closing a contour) draws nothing.
        if (dx !== 0 || dy !== 0) out += `l${joined([dx, dy])}`;
        moveTo(command.x, command.y);
        break;
      }
      case "Q": {
        out += `q${joined([...rel(command.x1, command.y1), ...rel(command.x, command.y)])}`;
        moveTo(command.x, command.y);
        break;
      }
      case "C": {
        out += `c${joined([...rel(command.x1, command.y1), ...rel(command.x2, command.y2), ...rel(command.x, command.y)])}`;
        moveTo(command.x, command.y);
        break;
      }
      case "Z":
        out += "z";
        atX = startX;
        atY = startY;
        break;
    }
  }
  return out;
}

const TEXT = /<text\b([^>]*)>([^<]*)<\/text>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/** The few XML entities an illustration's words may hold. */
function unescapeXml(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
}

function numberAttribute(attributes: Map<string, string>, name: string, fallback?: number) {
  const raw = attributes.get(name);
  if (raw === undefined) {
    if (fallback === undefined) throw new Error(`<text> without ${name}`);
    return fallback;
  }
  const value = Number(raw.replace(/px$/, ""));
  if (!Number.isFinite(value)) throw new Error(`<text> ${name}="${raw}" is not a number`);
  return value;
}

/** Attributes a <text> may carry here; anything else (a transform, a <tspan>) is refused, not
 * silently dropped. */
const KNOWN = new Set([
  "x",
  "y",
  "text-anchor",
  "font-family",
  "font-size",
  "font-weight",
  "letter-spacing",
  "fill",
  "opacity",
]);

/**
 * `svg` with every <text> replaced by a <path> of its glyphs, set in `fonts` at the same place,
 * size, weight, letter spacing and anchor, with the same fill. Only plain one-line text is
 * handled (what the illustrations hold); anything more is an error.
 */
export function outlineText(svg: string, fonts: Fonts): string {
  if (/<tspan\b|<textPath\b/.test(svg)) throw new Error("<tspan> and <textPath> are not handled");
  const outlined = svg.replace(TEXT, (_element, rawAttributes: string, rawText: string) => {
    const attributes = new Map<string, string>(
      [...rawAttributes.matchAll(ATTRIBUTE)].map((m) => [m[1] ?? "", m[2] ?? ""]),
    );
    for (const name of attributes.keys()) {
      if (name && !KNOWN.has(name)) throw new Error(`<text ${name}> is not handled`);
    }
    const weight = numberAttribute(attributes, "font-weight", 400);
    const font = fonts.get(weight);
    if (!font) throw new Error(`no font of weight ${weight}`);
    const size = numberAttribute(attributes, "font-size");
    const spacing = numberAttribute(attributes, "letter-spacing", 0);
    const glyphs = [...unescapeXml(rawText)].map((char) => font.charToGlyph(char));
    if (glyphs.some((glyph) => glyph.index === 0))
      throw new Error(`a letter of "${rawText}" is not in Inter`);
    // Each glyph's place: its advance, the pair's kerning (GPOS) and the letter spacing between
    // letters (not after the last, which is not part of the word the anchor places).
    const scale = size / font.unitsPerEm;
    const offsets: number[] = [];
    let width = 0;
    glyphs.forEach((glyph, i) => {
      offsets.push(width);
      const next = glyphs[i + 1];
      width += (glyph.advanceWidth ?? 0) * scale;
      if (next) width += font.getKerningValue(glyph, next) * scale + spacing;
    });
    const anchor = attributes.get("text-anchor") ?? "start";
    const shift = anchor === "middle" ? width / 2 : anchor === "end" ? width : 0;
    const x = numberAttribute(attributes, "x") - shift;
    const y = numberAttribute(attributes, "y");
    const path = new opentype.Path();
    glyphs.forEach((glyph, i) => {
      path.extend(glyph.getPath(x + (offsets[i] ?? 0), y, size));
    });
    const data = compactPathData(path.commands);
    const fill = attributes.get("fill") ?? "#000000";
    const opacity = attributes.get("opacity");
    return `<path d="${data}" fill="${fill}"${opacity ? ` opacity="${opacity}"` : ""}/>`;
  });
  if (/<text\b/.test(outlined)) throw new Error("a <text> element was left: not plain text");
  return outlined;
}
