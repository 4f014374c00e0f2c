import { describe, expect, it } from "vitest";
import { cellText } from "./product-csv";

describe("cellText", () => {
  // What the export made inert (csv_inert, migrations 0011, 0021, 0050) reads back as it was.
  it("takes the export's apostrophe off every formula-like cell, and only off those", () => {
    for (const cell of [
      "=1+1",
      "-5",
      "@SUM(A1)",
      "＝1",
      "﹦1",
      "−1",
      "\u200B=1",
      "\u034F=1+1",
      "\u3164+1",
      "\u115F\u1160-1",
      "\uFFA0@SUM(A1)",
      "\u2800=1",
    ]) {
      expect(cellText(`'${cell}`), JSON.stringify(cell)).toBe(cell);
    }
    expect(cellText("'Tis the season")).toBe("'Tis the season");
    expect(cellText("Whitening Strips")).toBe("Whitening Strips");
    expect(cellText("'\u3164Ada")).toBe("'\u3164Ada");
  });
});
