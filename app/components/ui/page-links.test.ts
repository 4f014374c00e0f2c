import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-links";

describe("the pages shown of a long list", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });
  it("shows the ends and two either side, with gaps between", () => {
    expect(pageWindow(50, 400)).toEqual([1, "gap", 48, 49, 50, 51, 52, "gap", 400]);
    expect(pageWindow(1, 400)).toEqual([1, 2, 3, "gap", 400]);
    expect(pageWindow(4, 400)).toEqual([1, 2, 3, 4, 5, 6, "gap", 400]);
  });
});
