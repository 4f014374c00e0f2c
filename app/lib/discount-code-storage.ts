import { CODE_PATTERN, normaliseCode } from "@common/discounts/discounts";

// A discount code entered in the cart, kept with the cart (localStorage, as the cart is) until the
// order is paid: a shopper who leaves to confirm their email, or comes back another day, still has
// it. The shop checks it again at checkout, for the cart as it is then. A stored value that is
// not a code is ignored.

const KEY = "gleam.discount-code";

export function storedDiscountCode(): string | null {
  try {
    const value = window.localStorage.getItem(KEY);
    return value && CODE_PATTERN.test(value) ? value : null;
  } catch {
    // Storage refused (a private mode): no code kept.
    return null;
  }
}

/** Keeps the code (normalised), or forgets it with null; false when it cannot be a code. */
export function storeDiscountCode(code: string | null): boolean {
  const normalised = code === null ? null : normaliseCode(code);
  if (normalised !== null && !CODE_PATTERN.test(normalised)) return false;
  try {
    if (normalised === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, normalised);
  } catch {
    // Storage refused: the shopper types the code at checkout instead.
  }
  return true;
}
