import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addLine,
  type CartLine,
  type CartProduct,
  canAddToCart,
  cartItemCount,
  cartTotalPence,
  lineLabel,
  notEnoughStockMessage,
  reconcileLines,
  removeLine,
  setLineQuantity,
  toCartProduct,
} from "./cart-rules";

afterEach(() => {
  vi.restoreAllMocks();
});

const pen: CartProduct = {
  productId: "prod3",
  name: "Whitening Pen",
  imageUrl: "/images/products/whitening-pen.svg",
  variantId: "prod3-single",
  variantName: "Single Pen",
  pricePence: 2499,
  stockQuantity: 5,
  maxPerOrder: 10,
};

const paste: CartProduct = {
  productId: "prod2",
  name: "Whitening Toothpaste",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  variantId: "prod2-75ml",
  variantName: "Default",
  pricePence: 1499,
  stockQuantity: 20,
  maxPerOrder: 10,
};

function line(product: CartProduct, quantity: number): CartLine {
  return { ...product, quantity };
}

function added(result: ReturnType<typeof addLine>): CartLine[] {
  if (!result.ok) throw new Error(`expected the add to succeed: ${result.error}`);
  return result.lines;
}

const stocked = (stockQuantity: number, maxPerOrder = 10) => ({ stockQuantity, maxPerOrder });

describe("canAddToCart", () => {
  it("allows a quantity within stock", () => {
    expect(canAddToCart(stocked(5), 1)).toBe(true);
    expect(canAddToCart(stocked(5), 5)).toBe(true);
  });

  it("refuses without a variant", () => {
    expect(canAddToCart(null, 1)).toBe(false);
    expect(canAddToCart(undefined, 1)).toBe(false);
  });

  it("refuses when the variant is out of stock", () => {
    expect(canAddToCart(stocked(0), 1)).toBe(false);
  });

  it("refuses more than the stock", () => {
    expect(canAddToCart(stocked(2), 3)).toBe(false);
  });

  it("refuses more than one order may take, however much stock there is", () => {
    expect(canAddToCart(stocked(20), 10)).toBe(true);
    expect(canAddToCart(stocked(20), 11)).toBe(false);
  });

  it("refuses a quantity below one or not whole", () => {
    expect(canAddToCart(stocked(5), 0)).toBe(false);
    expect(canAddToCart(stocked(5), 1.5)).toBe(false);
  });
});

describe("addLine", () => {
  it("adds a new variant as a new line", () => {
    expect(added(addLine([], pen, 2))).toEqual([line(pen, 2)]);
  });

  it("increases the quantity of a variant already in the cart", () => {
    const lines = added(addLine([line(pen, 2), line(paste, 1)], pen, 3));
    expect(lines).toEqual([line(pen, 5), line(paste, 1)]);
  });

  it("refuses an add that takes the line above the stock, and changes nothing", () => {
    const before = [line(pen, 3)];
    expect(addLine(before, pen, 3)).toEqual({
      ok: false,
      error: "Not enough stock for Whitening Pen. Only 5 left.",
    });
    expect(before).toEqual([line(pen, 3)]);
  });

  it("refuses more than the stock in one go and anything of a sold-out variant", () => {
    expect(addLine([], pen, 6)).toEqual({ ok: false, error: notEnoughStockMessage(pen.name, 5) });
    expect(addLine([], { ...pen, stockQuantity: 0 }, 1)).toEqual({
      ok: false,
      error: "Not enough stock for Whitening Pen. Only 0 left.",
    });
  });

  it("refuses an add beyond what one order may take, before looking at the stock", () => {
    // The published stock of a well-stocked variant is the band (20), not the real figure: only
    // the per-order limit may refuse here.
    expect(addLine([line(paste, 9)], paste, 2)).toEqual({
      ok: false,
      error: "You can buy at most 10 of Whitening Toothpaste in one order.",
    });
    expect(addLine([], paste, 25)).toEqual({
      ok: false,
      error: "You can buy at most 10 of Whitening Toothpaste in one order.",
    });
  });

  it("refuses a quantity below one or not whole", () => {
    expect(addLine([], pen, 0).ok).toBe(false);
    expect(addLine([], pen, -1).ok).toBe(false);
    expect(addLine([], pen, 1.5).ok).toBe(false);
  });

  it("takes the product's latest price and stock", () => {
    const lines = added(addLine([line(pen, 1)], { ...pen, pricePence: 1999, stockQuantity: 9 }, 1));
    expect(lines).toEqual([{ ...pen, pricePence: 1999, stockQuantity: 9, quantity: 2 }]);
  });
});

describe("removeLine", () => {
  it("removes the variant's line only", () => {
    expect(removeLine([line(pen, 1), line(paste, 2)], pen.variantId)).toEqual([line(paste, 2)]);
  });

  it("leaves the cart as it is for an unknown variant", () => {
    expect(removeLine([line(pen, 1)], "nope")).toEqual([line(pen, 1)]);
  });
});

describe("setLineQuantity", () => {
  it("sets the quantity", () => {
    expect(setLineQuantity([line(pen, 1)], pen.variantId, 4)).toEqual([line(pen, 4)]);
  });

  it("removes the line at 0 or less", () => {
    expect(setLineQuantity([line(pen, 1), line(paste, 1)], pen.variantId, 0)).toEqual([
      line(paste, 1),
    ]);
    expect(setLineQuantity([line(pen, 1)], pen.variantId, -3)).toEqual([]);
  });

  it("caps a quantity above the stock at the stock, with a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(setLineQuantity([line(pen, 1)], pen.variantId, 9)).toEqual([line(pen, 5)]);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain("capped at 5");
  });

  it("caps a quantity above what one order may take, with a console warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(setLineQuantity([line(paste, 1)], paste.variantId, 15)).toEqual([line(paste, 10)]);
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      "At most 10 of Whitening Toothpaste per order",
    );
  });

  it("does not warn within the stock", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    setLineQuantity([line(pen, 1)], pen.variantId, 5);
    expect(warn).not.toHaveBeenCalled();
  });

  it("ignores an unknown variant", () => {
    expect(setLineQuantity([line(pen, 1)], "nope", 3)).toEqual([line(pen, 1)]);
  });
});

describe("totals", () => {
  it("counts items and adds up line totals in pence", () => {
    const lines = [line(pen, 2), line(paste, 3)];
    expect(cartItemCount(lines)).toBe(5);
    expect(cartTotalPence(lines)).toBe(2 * 2499 + 3 * 1499);
    expect(cartItemCount([])).toBe(0);
    expect(cartTotalPence([])).toBe(0);
  });
});

describe("lineLabel", () => {
  it("hides the 'Default' variant name", () => {
    expect(lineLabel(paste)).toBe("Whitening Toothpaste");
    expect(lineLabel(pen)).toBe("Whitening Pen (Single Pen)");
  });
});

describe("toCartProduct", () => {
  it("builds the cart's view of a catalogue variant", () => {
    expect(
      toCartProduct(
        { id: "prod3", name: "Whitening Pen", imageUrl: pen.imageUrl },
        {
          id: "prod3-single",
          name: "Single Pen",
          pricePence: 2499,
          stockQuantity: 5,
          maxPerOrder: 10,
        },
      ),
    ).toEqual(pen);
  });
});

describe("reconcileLines", () => {
  it("changes nothing when price and stock still hold", () => {
    expect(reconcileLines([line(pen, 2)], [pen])).toEqual({ lines: [line(pen, 2)], changes: [] });
  });

  it("takes a new price and says so", () => {
    const { lines, changes } = reconcileLines([line(pen, 2)], [{ ...pen, pricePence: 1999 }]);
    expect(lines).toEqual([{ ...pen, pricePence: 1999, quantity: 2 }]);
    expect(changes).toEqual([
      "The price of Whitening Pen (Single Pen) changed from £24.99 to £19.99.",
    ]);
  });

  it("lowers a quantity above the stock to the stock and says so", () => {
    const { lines, changes } = reconcileLines([line(pen, 4)], [{ ...pen, stockQuantity: 2 }]);
    expect(lines).toEqual([{ ...pen, stockQuantity: 2, quantity: 2 }]);
    expect(changes).toEqual(["Only 2 of Whitening Pen (Single Pen) left: your quantity is now 2."]);
  });

  it("lowers a quantity above a new per-order limit and says so", () => {
    const { lines, changes } = reconcileLines([line(paste, 8)], [{ ...paste, maxPerOrder: 6 }]);
    expect(lines).toEqual([{ ...paste, maxPerOrder: 6, quantity: 6 }]);
    expect(changes).toEqual([
      "You can buy at most 6 of Whitening Toothpaste in one order: your quantity is now 6.",
    ]);
  });

  it("removes a sold-out or vanished variant and says so", () => {
    const { lines, changes } = reconcileLines(
      [line(pen, 1), line(paste, 1)],
      [{ ...pen, stockQuantity: 0 }],
    );
    expect(lines).toEqual([]);
    expect(changes).toEqual([
      "Whitening Pen (Single Pen) is out of stock and was removed from your cart.",
      "Whitening Toothpaste is no longer available and was removed from your cart.",
    ]);
  });
});
