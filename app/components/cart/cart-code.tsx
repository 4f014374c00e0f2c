import { CODE_MESSAGES } from "@common/discounts";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { storeDiscountCode, storedDiscountCode } from "~/lib/discount-code-storage";

/**
 * The cart's discount code: kept for the checkout, which checks it for the cart and shows the
 * saving (the shop decides there, signed in, with the cart as it is then).
 */
export function CartCode() {
  const id = useId();
  const [code, setCode] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setCode(storedDiscountCode()), []);
  if (code) {
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p>
          Code <span className="font-semibold">{code}</span>: applied at checkout
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            storeDiscountCode(null);
            setCode(null);
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
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        if (!storeDiscountCode(text)) {
          setProblem(CODE_MESSAGES.unknown);
          return;
        }
        setProblem(null);
        setCode(storedDiscountCode());
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
        <Button type="submit" variant="secondary" size="lg">
          Add
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
