import { expect, gotoHydrated, test } from "./fixtures";

// The chat bubble on a desktop (docs/storefront.md): the page's gutters leave it a column of its
// own from 1024 px. A phone has no gutter to keep it in: desktop only.

test.describe("the chat bubble", () => {
  test("the chat bubble keeps clear of the page's content on a desktop", async ({ page }) => {
    // 21 pages in turn.
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of [
        "/",
        "/store",
        "/product/prod1",
        "/about",
        "/contact",
        "/faq",
        "/search?q=strips",
      ]) {
        await gotoHydrated(page, path);
        const bubble = await page
          .getByRole("button", { name: "Chat with us on WhatsApp" })
          .boundingBox();
        // What a shopper reads or clicks in the page: nothing of it reaches the bubble's column.
        const overlapping = await page.evaluate((left) => {
          const content = document.querySelectorAll(
            "main img, main h1, main h2, main h3, main p, main a, main button, main input, main label, main li",
          );
          return [...content]
            .filter((node) => {
              const box = node.getBoundingClientRect();
              return box.width > 0 && box.height > 0 && box.right > left;
            })
            .map((node) => `${node.tagName} ${node.textContent?.trim().slice(0, 30) ?? ""}`);
        }, bubble?.x ?? 0);
        expect(overlapping, `${path} at ${width} px`).toEqual([]);
      }
    }
  });
});
