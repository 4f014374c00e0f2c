import { afterEach, describe, expect, it, vi } from "vitest";
import { toothpasteLine } from "~/components/cart/test-cart-line";
import { serializeCart } from "./cart-storage";
import { cartLinesFrom, parseStoredCart } from "./stored-cart";

afterEach(() => {
  vi.restoreAllMocks();
});

const line = toothpasteLine;

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

describe("cartLinesFrom", () => {
  it("reads the stored lines", () => {
    expect(cartLinesFrom(serializeCart([line]))).toEqual([line]);
  });

  it("logs a corrupt cart and starts empty", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(cartLinesFrom("{oops")).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
  });
});
