// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { showToast } from "~/lib/toast";
import { cartStore } from "./cart-store";
import { refreshCartFromShop } from "./refresh-cart";
import { toothpasteLine } from "./test-cart-line";

vi.mock("~/lib/toast", () => ({ showToast: vi.fn(async () => {}) }));

const line = toothpasteLine;

beforeEach(() => {
  window.localStorage.clear();
  cartStore.replace([line]);
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("refreshCartFromShop", () => {
  // The drawer re-checks as it opens and again on Proceed to Checkout: the first answer may
  // arrive last, and must not put back the price the second one replaced.
  it("keeps the newer answer when an older one arrives after it", async () => {
    const answers: Array<(response: Response) => void> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(
      () => new Promise<Response>((resolve) => answers.push(resolve)),
    );
    const older = refreshCartFromShop();
    const newer = refreshCartFromShop();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const [answerOlder, answerNewer] = answers;
    answerNewer?.(Response.json({ variants: [{ ...line, pricePence: 1299 }] }));
    expect(await newer).toBe(1);
    answerOlder?.(Response.json({ variants: [line] }));
    expect(await older).toBe(0);
    expect(cartStore.lines()).toEqual([{ ...line, pricePence: 1299 }]);
    expect(showToast).toHaveBeenCalledTimes(1);
  });
});
