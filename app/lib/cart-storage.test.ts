import type { CartLine } from "@common/cart-rules";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CART_STORAGE_KEY,
  parseStoredCart,
  readCart,
  serializeCart,
  writeCart,
} from "./cart-storage";

afterEach(() => {
  vi.restoreAllMocks();
});

const line: CartLine = {
  productId: "prod1",
  name: "Whitening Strips",
  imageUrl: "/images/products/whitening-strips.svg",
  variantId: "prod1-single",
  variantName: "Single Kit",
  pricePence: 3999,
  stockQuantity: 20,
  maxPerOrder: 10,
  quantity: 2,
};

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

describe("parseStoredCart", () => {
  it("round-trips a cart through its versioned shape", () => {
    const raw = serializeCart([line]);
    expect(JSON.parse(raw)).toEqual({ version: 1, lines: [line] });
    expect(parseStoredCart(raw)).toEqual({ ok: true, lines: [line] });
  });

  it("reads nothing stored as an empty cart", () => {
    expect(parseStoredCart(null)).toEqual({ ok: true, lines: [] });
  });

  it.each([
    ["not JSON", "{oops"],
    ["another version", JSON.stringify({ version: 2, lines: [line] })],
    ["no version", JSON.stringify([line])],
    ["a fractional quantity", JSON.stringify({ version: 1, lines: [{ ...line, quantity: 1.5 }] })],
    ["a zero quantity", JSON.stringify({ version: 1, lines: [{ ...line, quantity: 0 }] })],
    ["a price as text", JSON.stringify({ version: 1, lines: [{ ...line, pricePence: "39.99" }] })],
    ["a variant twice", JSON.stringify({ version: 1, lines: [line, line] })],
  ])("refuses %s", (_name, raw) => {
    const read = parseStoredCart(raw);
    expect(read.ok).toBe(false);
    expect(read.lines).toEqual([]);
  });
});

describe("readCart", () => {
  it("reads the stored lines", () => {
    const storage = memoryStorage({ [CART_STORAGE_KEY]: serializeCart([line]) });
    expect(readCart(storage)).toEqual([line]);
  });

  it("logs a corrupt cart and starts empty", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(readCart(memoryStorage({ [CART_STORAGE_KEY]: "{oops" }))).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
  });

  it("logs a storage that cannot be read and starts empty", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const blocked = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(readCart(blocked)).toEqual([]);
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
