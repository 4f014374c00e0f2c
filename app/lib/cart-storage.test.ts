import { afterEach, describe, expect, it, vi } from "vitest";
import { toothpasteLine } from "~/components/cart/test-cart-line";
import { CART_STORAGE_KEY, readStoredValue, serializeCart, writeCart } from "./cart-storage";

afterEach(() => {
  vi.restoreAllMocks();
});

const line = toothpasteLine;

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

describe("readStoredValue", () => {
  it("reads the value under the cart's key", () => {
    const storage = memoryStorage({ [CART_STORAGE_KEY]: serializeCart([line]) });
    expect(readStoredValue(storage)).toBe(serializeCart([line]));
  });

  it("logs a storage that cannot be read and reads nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const blocked = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(readStoredValue(blocked)).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });
});

describe("writeCart", () => {
  it("stores the cart under its key", () => {
    const storage = memoryStorage();
    expect(writeCart(storage, [line])).toBe(true);
    expect(storage.items.get(CART_STORAGE_KEY)).toBe(serializeCart([line]));
  });

  it("logs a failed save", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const full = {
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(writeCart(full, [line])).toBe(false);
    expect(error).toHaveBeenCalledWith("Could not save the cart.", expect.any(DOMException));
  });
});
