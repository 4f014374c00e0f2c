import type { Page } from "@playwright/test";

// Layout shifts as the browser reports them (the figure behind CLS), every one from the page's
// start, input-caused or not: for tests that a page, or something done on it, moves nothing.

type ShiftWindow = { layoutShifts: number[] };

/** Records every layout shift of the pages this `page` loads from now on (call before goto). */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as ShiftWindow).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        shifts.push((entry as unknown as { value: number }).value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The total of the shifts recorded on the current page so far. */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as ShiftWindow).layoutShifts.reduce((total, value) => total + value, 0),
  );
}

/** Forgets the shifts recorded so far on the current page. */
export function forgetLayoutShifts(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as ShiftWindow).layoutShifts.length = 0;
  });
}
