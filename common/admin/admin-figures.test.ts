import { describe, expect, it } from "vitest";
import { changeOnPrevious } from "./admin-figures";

describe("a figure beside the previous period's", () => {
  it("says the change in whole per cent, up or down", () => {
    expect(changeOnPrevious(112, 100, 30)).toBe("+12 % on the previous 30 days");
    expect(changeOnPrevious(95, 100, 7)).toBe("−5 % on the previous 7 days");
    expect(changeOnPrevious(3000, 1000, 90)).toBe("+200 % on the previous 90 days");
  });

  it("says when nothing changed, and when there is nothing to compare with", () => {
    expect(changeOnPrevious(100, 100, 30)).toBe("Same as the previous 30 days");
    expect(changeOnPrevious(0, 0, 30)).toBe("Same as the previous 30 days");
    expect(changeOnPrevious(5, 0, 30)).toBe("None in the previous 30 days");
  });
});
