import type { CartLine } from "@common/cart/cart-rules";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { cartStore } from "./cart-store";

/**
 * The abandoned checkout reminder's link (`/checkout?resume=<order>`): the order's items, as the
 * server read them, become the cart once, and the address loses its query so a reload keeps
 * whatever the shopper changes after.
 */
export function ResumeCart({ lines }: { lines: CartLine[] | null }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!lines) return;
    if (lines.length > 0) cartStore.replace(lines);
    void navigate(pathname, { replace: true });
  }, [lines, navigate, pathname]);
  return null;
}
