// @vitest-environment jsdom

import { beforeEach, describe, expect, it, vi } from "vitest";
import { serializeCart } from "~/lib/cart-storage";
import { toothpasteLine } from "./test-cart-line";

const stripsLine = {
  ...toothpasteLine,
  productId: "prod1",
  variantId: "prod1-single",
  name: "Whitening Strips",
};

// Each test gets a store that has not read the stored cart yet, as on a fresh page.
async function freshStore() {
  vi.resetModules();
  return (await import("./cart-store")).cartStore;
}

beforeEach(() => {
  window.localStorage.clear();
});

describe("the cart store", () => {
  // The checker (Zod) is fetched only for a stored cart: a first visit never downloads it.
  it.each([
    ["nothing is stored", null, 0],
    ["a cart is stored", serializeCart([toothpasteLine]), 1],
  ])("fetches the stored cart's checker only when needed: %s", async (_, stored, fetches) => {
    if (stored !== null) window.localStorage.setItem("gleam.cart", stored);
    const fetched = vi.fn();
    vi.doMock("~/lib/stored-cart", async (importOriginal) => {
      fetched();
      return importOriginal();
    });
    try {
      const cartStore = await freshStore();
      const { quantity: _, ...strips } = stripsLine;
      await cartStore.add(strips, 1);
      expect(cartStore.lines()).toHaveLength(fetches + 1);
      expect(fetched).toHaveBeenCalledTimes(fetches);
    } finally {
      vi.doUnmock("~/lib/stored-cart");
    }
  });

  it("reads as empty until the stored cart is in, then holds it", async () => {
    window.localStorage.setItem("gleam.cart", serializeCart([toothpasteLine]));
    const cartStore = await freshStore();
    expect(cartStore.lines()).toEqual([]);
    expect(await cartStore.loaded()).toEqual([toothpasteLine]);
    expect(cartStore.lines()).toEqual([toothpasteLine]);
  });

  // An add before the stored cart was read must not write a one-line cart over it.
  it("adds to the stored cart even when asked before it was read", async () => {
    window.localStorage.setItem("gleam.cart", serializeCart([toothpasteLine]));
    const cartStore = await freshStore();
    const { quantity: _, ...strips } = stripsLine;
    expect(await cartStore.add(strips, 1)).toMatchObject({ ok: true });
    expect(cartStore.lines().map((line) => line.variantId)).toEqual(["prod2-75ml", "prod1-single"]);
    expect(JSON.parse(window.localStorage.getItem("gleam.cart") ?? "null").lines).toHaveLength(2);
  });

  it("clears a stored cart it had not read yet", async () => {
    window.localStorage.setItem("gleam.cart", serializeCart([toothpasteLine]));
    const cartStore = await freshStore();
    cartStore.clear();
    expect(cartStore.lines()).toEqual([]);
    const cleared = await freshStore();
    expect(await cleared.loaded()).toEqual([]);
  });
});
