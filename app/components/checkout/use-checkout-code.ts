import type { CartLine } from "@common/cart/cart-rules";
import type { CodeOffer } from "@common/discounts/discounts";
import { useEffect, useRef, useState } from "react";
import { storeDiscountCode, storedDiscountCode } from "~/lib/discount-code-storage";
import { checkDiscountCode, PaymentFailure, UNEXPECTED } from "~/lib/shop-api";

/**
 * The checkout's discount code: the one the shop accepted for this cart and what it offers, or why
 * the last one tried was refused. A code entered in the cart is applied once the cart is read, and
 * an accepted code is checked again whenever the cart's lines change.
 */
export function useCheckoutCode(lines: CartLine[], ready: boolean) {
  const [code, setCode] = useState<{ code: string; offer: CodeOffer } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // The offer was checked for the lines of its time: a changed cart is checked again.
  const linesKey = JSON.stringify(lines.map((line) => [line.variantId, line.quantity]));
  const checkedFor = useRef(linesKey);

  async function apply(text: string) {
    try {
      const checked = await checkDiscountCode(lines, text);
      checkedFor.current = linesKey;
      setCode(checked);
      setNote(null);
      storeDiscountCode(checked.code);
    } catch (error) {
      setCode(null);
      setNote(error instanceof PaymentFailure ? error.message : UNEXPECTED);
      storeDiscountCode(null);
    }
  }

  useEffect(() => {
    if (!code || checkedFor.current === linesKey) return;
    checkedFor.current = linesKey;
    void apply(code.code);
  });

  const cartCodeTried = useRef(false);
  useEffect(() => {
    if (!ready || lines.length === 0 || cartCodeTried.current) return;
    cartCodeTried.current = true;
    const stored = storedDiscountCode();
    if (stored) void apply(stored);
  });

  function remove() {
    setCode(null);
    setNote(null);
    storeDiscountCode(null);
  }

  return { code, note, apply, remove };
}
