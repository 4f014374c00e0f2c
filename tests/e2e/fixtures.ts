import AxeBuilder from "@axe-core/playwright";
import { type Browser, test as base, expect, type Page, type ViewportSize } from "@playwright/test";
import { staticPagePaths } from "../../app/lib/site-navigation";

/**
 * Every test fails on a console error or warning, or an uncaught exception, in the page: a shop
 * that hydrates with warnings is not done.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // A Content-Security-Policy violation is not always printed to the console: report it.
      await page.addInitScript(
        `document.addEventListener("securitypolicyviolation", (event) => console.error("CSP violation: " + event.violatedDirective + " " + event.blockedURI + " " + event.sourceFile));`,
      );
      page.on("console", (message) => {
        if (message.type() !== "error" && message.type() !== "warning") return;
        // Chromium reports a 404 *document* as a console error; tests that visit a missing page
        // expect that status. A missing image or script still fails the test.
        const isDocument = message.location().url === page.url();
        if (isDocument && /status of 404/.test(message.text())) return;
        problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, "console errors or warnings in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A new page in a browser context of its own on `baseURL` (a test's own server), sized as the project is. */
export async function pageOn(
  browser: Browser,
  baseURL: string,
  device: { viewport: ViewportSize | null; isMobile: boolean; hasTouch: boolean },
): Promise<Page> {
  return (await browser.newContext({ baseURL, ...device })).newPage();
}

/**
 * For a test that provokes a console problem on purpose: there was at least one matching
 * `expected`, and those are taken out so that anything else still fails the test.
 */
export async function expectOnly(problems: string[], expected: RegExp) {
  // The console reaches the test on its own channel, so the message can trail what the page
  // already shows: wait for it rather than read the list once.
  await expect
    .poll(() => problems.some((problem) => expected.test(problem)), {
      message: `a console problem matching ${expected}`,
    })
    .toBe(true);
  problems.splice(0, problems.length, ...problems.filter((problem) => !expected.test(problem)));
}

/** Every public page of the shop (the sitemap's list) and a product page. */
export const publicPages = [...staticPagePaths, "/product/prod1"];

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Waits until the page has nothing left to do: its requests answered, then the browser idle, then
 * two frames painted. What the page would still do after hydration (a re-render, a scroll, an
 * element taken out) has happened by then: a test that shows something did not happen waits for
 * this, never for a fixed time.
 */
export async function pageSettled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () =>
      new Promise<void>((settled) =>
        requestIdleCallback(() =>
          requestAnimationFrame(() => requestAnimationFrame(() => settled())),
        ),
      ),
  );
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Checked at rest: mid-animation (the phone announcement bar's cross-fade) an element's opacity
  // makes axe measure a contrast no reader ever sees for long.
  await page.emulateMedia({ reducedMotion: "reduce" });
  // In the page's own frames, without the blank page axe otherwise opens to merge frames of other
  // origins: the shop under test embeds none (Stripe's card frame needs its keys). Only the
  // violations are gathered in full: the same rules run, without describing every passing node.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** Opens a listing's sort and filter choices: folded behind a button on a phone, open above. */
export async function openListingChoices(page: Page) {
  const toggle = page.locator("summary", { hasText: "Sort and filter" });
  if (await toggle.isVisible()) {
    const open = await toggle.evaluate((node) => (node.parentElement as HTMLDetailsElement).open);
    if (!open) await toggle.click();
  }
  await expect(page.getByLabel("Sort by")).toBeVisible();
}
