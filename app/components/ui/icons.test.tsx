// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { cleanup, render } from "@testing-library/react";
import * as lucideHeart from "lucide-react/icons/heart";
import { afterEach, describe, expect, it } from "vitest";
import * as icons from "./icons";

// Every icon is Lucide's own: its markup equals what lucide-react (the source it was copied from)
// holds under the same name.

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

const exported = Object.entries(icons).filter(
  (entry): entry is [string, icons.Icon] => typeof entry[1] === "function",
);

describe("icons", () => {
  it("exports the icons the shop uses", () => {
    expect(exported.length).toBeGreaterThan(40);
    expect(icons.Heart.markup).toBe(
      markupOf((lucideHeart as unknown as { __iconData: IconData }).__iconData),
    );
  });

  it.each(exported)("%s is Lucide's icon of the same name", async (_name, icon) => {
    const data = await lucide(icon.iconName);
    expect(data.name).toBe(icon.iconName);
    expect(icon.markup).toBe(markupOf(data));
    expect(readFileSync(join(lucideIcons, `${icon.iconName}.mjs`), "utf8")).toContain("ISC");
  });

  afterEach(cleanup);

  it("renders one svg with the markup, hidden from assistive technology unless labelled", () => {
    const { container } = render(<icons.Heart className="size-5" />);
    const svg = container.querySelector("svg");
    expect(svg?.getAttribute("class")).toBe("lucide lucide-heart size-5");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.getAttribute("stroke-width")).toBe("2");
    expect(svg?.children).toHaveLength(1);
    expect(svg?.firstElementChild?.getAttribute("d")).toMatch(/^M2 9.5a5.5/);
    const labelled = render(<icons.Heart aria-label="Saved" />).container.querySelector("svg");
    expect(labelled?.hasAttribute("aria-hidden")).toBe(false);
    expect(labelled?.getAttribute("aria-label")).toBe("Saved");
  });
});
