import type { CartLine } from "@common/cart/cart-rules";
import { CODE_MESSAGES, codeLabel } from "@common/discounts/discounts";
import { useEffect, useId, useState } from "react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { storeDiscountCode, storedDiscountCode } from "~/lib/discount-code-storage";
import { checkDiscountCode, PaymentFailure } from "~/lib/shop-api";

const NOT_CHECKED = "The code could not be checked. Please try again.";

/**
 * The cart's discount code: checked with the shop for this cart before it is said to apply (its
 * reason shown when it does not), then kept with the cart for the checkout, which checks it again
 * signed in, with the cart as it is then.
 */
export function CartCode({ lines }: { lines: readonly CartLine[] }) {
  const id = useId();
  const [code, setCode] = useState<string | null>(null);
  const [label, setLabel] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => setCode(storedDiscountCode()), []);
  if (code) {
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p role="status">
          {label ?? (
            <>
              Code <span className="font-semibold">{code}</span>
            </>
          )}
          : applied at checkout
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            storeDiscountCode(null);
            setCode(null);
            setLabel(null);
          }}
        >
          Remove
        </Button>
      </div>
    );
  }
  return (
    <form
      aria-label="Discount code"
      className="space-y-1"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!text.trim() || checking) return;
        setChecking(true);
        try {
          const checked = await checkDiscountCode([...lines], text.trim());
          storeDiscountCode(checked.code);
          setProblem(null);
          setLabel(codeLabel(checked.code, checked.offer));
          setCode(checked.code);
        } catch (error) {
          setProblem(
            error instanceof PaymentFailure && error.status > 0 && error.status < 500
              ? error.message || CODE_MESSAGES.unknown
              : NOT_CHECKED,
          );
        } finally {
          setChecking(false);
        }
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <Button type="submit" variant="secondary" size="lg" disabled={checking}>
          {checking ? "Checking…" : "Add"}
        </Button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-coral-strong">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
