import { describe, expect, it } from "vitest";
import { shopPdf } from "./shop-pdf";

describe("a long PDF", () => {
  it("gives the event loop a turn after every page, so other requests are answered meanwhile", async () => {
    let turns = 0;
    let drawing = true;
    const tick = () => {
      if (!drawing) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const pages = Array.from({ length: 60 }, (_, index) => index);
    const pdf = await shopPdf(pages, { title: "Sixty pages", author: "Gleam" }, (doc, page) => {
      doc.font("regular").text(`Page ${page + 1}`);
    });
    drawing = false;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(turns).toBeGreaterThanOrEqual(pages.length);
  });
});
