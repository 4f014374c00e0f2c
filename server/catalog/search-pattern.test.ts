import { describe, expect, it } from "vitest";
import { likePattern } from "./search-pattern";

describe("likePattern", () => {
  it("matches the text anywhere", () => {
    expect(likePattern("white")).toBe("%white%");
  });

  it("escapes the wildcards and the escape character", () => {
    expect(likePattern("100%")).toBe("%100\\%%");
    expect(likePattern("a_b")).toBe("%a\\_b%");
    expect(likePattern("back\\slash")).toBe("%back\\\\slash%");
  });
});
