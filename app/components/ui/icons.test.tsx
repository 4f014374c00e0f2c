// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cleanup, render } from "@testing-library/react";
import * as lucideHeart from "lucide-react/icons/heart";
import { afterEach, describe, expect, it } from "vitest";
import * as icons from "./icons";

// Every icon is Lucide's own: the sprite's symbol for it holds exactly the markup lucide-react (the
// source it was copied from) holds under the same name, and every icon the shop exports has its
// symbol in the sprite. The shop's own marks (brand logos) are the
// sprite's "gleam-" symbols.

type IconData = { name: string; node: Array<[string, Record<string, string>]> };

const lucideIcons = join(
  dirname(createRequire(import.meta.url).resolve("lucide-react/package.json")),
  "dist/esm/icons",
);

function markupOf(data: IconData): string {
  return data.node
    .map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(
          ([name, value]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${value}"`,
        );
      return `<${tag} ${written.join(" ")}/>`;
    })
    .join("");
}

async function lucide(name: string): Promise<IconData> {
  const module = (await import(/* @vite-ignore */ join(lucideIcons, `${name}.mjs`))) as {
    __iconData: IconData;
  };
  return module.__iconData;
}

/** How the sprite names the shop's own marks, which are not Lucide's. */
const OWN_MARK = "gleam-";

/** Lucide's drawing attributes, on each symbol so an icon needs none of its own. */
const LUCIDE_STROKE =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** The sprite's symbols: id and inner markup, in the file's order. */
function spriteSymbols(): Array<{ id: string; attributes: string; markup: string }> {
  const sprite = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "icons.svg"), "utf8");
  return [...sprite.matchAll(/<symbol id="([^"]+)" ([^>]*)>(.*?)<\/symbol>/g)].map(
    ([, id = "", attributes = "", markup = ""]) => ({ id, attributes, markup }),
  );
}

const exported = Object.entries(icons).filter(
  (entry): entry is [string, icons.Icon] => typeof entry[1] === "function",
);

describe("icons", () => {
  it("exports the icons the shop uses, each with its symbol in the sprite, once", () => {
    const ids = spriteSymbols().map((symbol) => symbol.id);
    expect(exported.length).toBeGreaterThan(40);
    expect(new Set(ids).size).toBe(ids.length);
    expect(exported.map(([, icon]) => icon.iconName).sort()).toEqual([...ids].sort());
    expect(spriteSymbols().find((symbol) => symbol.id === "heart")?.markup).toBe(
      markupOf((lucideHeart as unknown as { __iconData: IconData }).__iconData),
    );
  });

  it("draws the shop's own marks, filled", () => {
    const marks = spriteSymbols().filter((symbol) => symbol.id.startsWith(OWN_MARK));
    expect(marks.map((mark) => mark.id).sort()).toEqual([
      "gleam-facebook",
      "gleam-instagram",
      "gleam-tiktok",
      "gleam-whatsapp",
    ]);
    for (const mark of marks)
      expect(mark.attributes).toMatch(/^viewBox="[\d ]+" fill="currentColor"$/);
  });

  it.each(spriteSymbols().filter((symbol) => !symbol.id.startsWith(OWN_MARK)))(
    "the sprite's $id is Lucide's icon of that name",
    async (symbol) => {
      const data = await lucide(symbol.id);
      expect(data.name).toBe(symbol.id);
      expect(symbol.attributes).toBe(LUCIDE_STROKE);
      expect(symbol.markup).toBe(markupOf(data));
      expect(readFileSync(join(lucideIcons, `${symbol.id}.mjs`), "utf8")).toContain("ISC");
    },
  );

  afterEach(cleanup);

  it("renders one svg pointing at the sprite, hidden from assistive technology unless labelled", () => {
    const { container } = render(<icons.Heart className="size-5" />);
    const svg = container.querySelector("svg");
    expect(svg?.getAttribute("class")).toBe("size-5");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(svg?.children).toHaveLength(1);
    expect(svg?.firstElementChild?.tagName).toBe("use");
    expect(svg?.firstElementChild?.getAttribute("href")).toBe(`${icons.iconSprite}#heart`);
    const labelled = render(<icons.Heart aria-label="Saved" />).container.querySelector("svg");
    expect(labelled?.hasAttribute("aria-hidden")).toBe(false);
    expect(labelled?.getAttribute("role")).toBe("img");
    expect(labelled?.getAttribute("aria-label")).toBe("Saved");
  });
});
