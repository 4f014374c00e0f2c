import { expect, gotoHydrated, pageSettled, test } from "./fixtures";

// React renders each page on the server and hydrates it in the browser (decision record 036). These
// are ways hydration can go wrong: the whole document rendered a second time inside <html>, the
// head's elements taken for one another (the icon lost, two canonical URLs after a navigation), ids
// made by the server looked up with the browser's, parts of the page emptied and filled again. tests/e2e/hydration-matches.spec.ts
// checks every page for a first render that differs from the server's.

/** What of the document a shopper's browser could get wrong, as one comparable value. */
async function documentShape(page: import("@playwright/test").Page) {
  return page.evaluate(() => ({
    html: document.querySelectorAll("html").length,
    heads: document.querySelectorAll("head").length,
    bodies: document.querySelectorAll("body").length,
    footers: document.querySelectorAll("#site-footer").length,
    mains: document.querySelectorAll("main").length,
    titles: document.querySelectorAll("title").length,
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
      link.getAttribute("href"),
    ),
    icons: [...document.querySelectorAll('link[rel="icon"]')].map((link) =>
      link.getAttribute("href"),
    ),
    stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
  }));
}

test.describe("hydration keeps the server's page", () => {
  test("one document, its head intact, and the head follows a client-side navigation", async ({
    page,
    baseURL,
  }) => {
    await gotoHydrated(page, "/product/prod1");
    const product = await documentShape(page);
    expect(product).toEqual({
      html: 1,
      heads: 1,
      bodies: 1,
      footers: 1,
      mains: 1,
      titles: 1,
      canonical: [`${baseURL}/product/prod1`],
      icons: ["/favicon.svg"],
      stylesheets: 1,
      descriptions: 1,
    });
    // The product image's preload, which React's server renderer adds, is still in the head.
    await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(1);

    await page.getByRole("link", { name: "Back to Store" }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page).toHaveTitle("Shop Teeth Whitening Products | Gleam");
    expect(await documentShape(page)).toEqual({
      ...product,
      canonical: [`${baseURL}/store`],
    });
  });

  test("the wishlist's hearts painted before hydration stay painted", async ({ page }) => {
    // A signed-in visitor's known wishlist is painted by a style the head's script adds before
    // the page's scripts run; hydration must not take it away.
    await page.addInitScript(() =>
      window.localStorage.setItem(
        "gleam:viewer",
        JSON.stringify({ signedIn: true, wishlist: ["prod1"] }),
      ),
    );
    // The shop's answer is held back, so the style is what paints the hearts.
    await page.route("**/api/me", () => {});
    await gotoHydrated(page, "/store");
    await expect(page.locator("style#viewer-hint")).toHaveCount(1);
  });

  test("arrow keys move between tabs and focus the chosen one", async ({ page }) => {
    await gotoHydrated(page, "/login");
    const tabs = page.getByRole("tablist", { name: "Log in or sign up" }).getByRole("tab");
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.first()).toBeFocused();
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("hydration on a slow phone", () => {
  test("every element the server sent is kept, none made again, and the later parts work", async ({
    page,
  }) => {
    // At 6x CPU slowdown React DOM hydrates the page in several tasks, yielding between them: every
    // part keeps the server's markup and is hydrated, not rendered again.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { serverElements: WeakSet<Element> }).serverElements = new WeakSet(
          document.body.querySelectorAll("*"),
        );
      });
    });
    await gotoHydrated(page, "/product/prod1");
    const made = await page.evaluate(() => {
      const server = (window as unknown as { serverElements: WeakSet<Element> }).serverElements;
      const count: Record<string, number> = {};
      for (const selector of ["header", "#main", "#site-footer"]) {
        const part = document.querySelector(selector);
        const elements = part ? [part, ...part.querySelectorAll("*")] : [];
        count[`${selector} elements`] = elements.length;
        count[`${selector} made in the browser`] = elements.filter((el) => !server.has(el)).length;
      }
      return count;
    });
    expect(made["#main elements"]).toBeGreaterThan(100);
    expect(made).toMatchObject({
      "header made in the browser": 0,
      "#main made in the browser": 0,
      "#site-footer made in the browser": 0,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

    // The chat button (the last part) and the product form (in the main part) respond.
    await page.getByRole("button", { name: "Chat with us on WhatsApp" }).click();
    await page.getByRole("button", { name: "Close WhatsApp chat" }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to Cart!")).toBeVisible();
  });
});

test.describe("hydration on a slow computer", () => {
  test("a part already hydrated stays in the page while later parts are hydrated", async ({
    page,
  }) => {
    // Six loads at a sixth of the CPU: more than the default budget on a two-core machine.
    test.setTimeout(60_000);
    // A part hydrated early that renders again while later parts wait must stay in the page, not
    // be taken out until the next task (the home page emptying below its header and filling
    // again). Any element the server sent that leaves the document is counted.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedServerElements: string[] }).removedServerElements = removed;
      document.addEventListener("DOMContentLoaded", () => {
        const server = new WeakSet(document.body.querySelectorAll("*"));
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.removedNodes) {
              // (The body's scripts are taken out on purpose once they have run.)
              const content = !["SCRIPT", "LINK", "STYLE"].includes(node.nodeName);
              if (node instanceof Element && content && server.has(node) && !node.isConnected) {
                removed.push(`${node.nodeName}#${node.id}`);
              }
            }
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    for (let load = 0; load < 6; load++) {
      await gotoHydrated(page, "/");
      await pageSettled(page);
      const removed = await page.evaluate(
        () => (window as unknown as { removedServerElements: string[] }).removedServerElements,
      );
      expect(removed, `load ${load}`).toEqual([]);
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  });
});
