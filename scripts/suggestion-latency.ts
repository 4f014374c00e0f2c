import { chromium } from "@playwright/test";
import { assertChromium, chromiumArgs, chromiumPath } from "./chromium";

// How long the header's search box takes, in a real Chromium, from a typed word to its
// suggestions (or 'No results found.') on screen: the budget is 100 ms. Part of
// `npm run bench`.

const words = [
  "white",
  "pen",
  "tooth",
  "strips",
  "bundle",
  "gel",
  "kit",
  "smile",
  "enamel",
  "zzzz",
];

// Plain JavaScript run in the page (a string, so the TypeScript runner's helpers never leak into
// it): types the word into the box the way an input event does, resolves when the list shows it.
function typeAndTime(word: string): string {
  return `new Promise((resolve) => {
    const input = document.querySelector("[cmdk-input]");
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
    const started = performance.now();
    setValue.call(input, ${JSON.stringify(word)});
    input.dispatchEvent(new Event("input", { bubbles: true }));
    const check = () => {
      const shown =
        document.querySelectorAll("[cmdk-item]").length > 1 ||
        document.body.innerText.includes("No results found.");
      if (shown) resolve(performance.now() - started);
      else requestAnimationFrame(check);
    };
    check();
  })`;
}

/** Milliseconds from typing each word to its list on screen, in order. */
export async function measureSuggestionLatency(baseUrl: string): Promise<number[]> {
  assertChromium();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/store`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.keyboard.press("Control+k");
    const input = page.getByRole("region", { name: "Search products" }).getByRole("combobox");
    await input.waitFor();
    const times: number[] = [];
    for (const word of words) {
      await input.fill("");
      await page.waitForTimeout(50);
      times.push(Math.round((await page.evaluate(typeAndTime(word))) as number));
    }
    return times;
  } finally {
    await browser.close();
  }
}
