// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { STAR_PATH, Stars } from "./stars";

const css = readFileSync(join(import.meta.dirname, "../../app.css"), "utf8");

const markup = (element: React.ReactElement) => render(element).container.innerHTML;

afterEach(cleanup);

describe("Stars", () => {
  it("is one element, named by its label and filled to its value's share", () => {
    expect(markup(<Stars value={4.5} label="Rated 4.5 out of 5" />)).toBe(
      '<span role="img" aria-label="Rated 4.5 out of 5" class="stars" style="--stars: 90%;"></span>',
    );
    expect(markup(<Stars value={7} label="x" />)).toContain("--stars: 100%");
    expect(markup(<Stars value={-1} label="x" />)).toContain("--stars: 0%");
  });

  it("is drawn by app.css's mask of the same star the review form draws", () => {
    const rule = css.slice(css.indexOf(".stars {"), css.indexOf("}", css.indexOf(".stars {")));
    expect(rule).toContain(`%3Cpath d='${STAR_PATH}'/%3E`);
    expect(rule).toContain("var(--stars)");
  });
});
