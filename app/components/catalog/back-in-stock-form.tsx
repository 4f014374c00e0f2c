import { stockAlertKept } from "@common/stock/stock-alerts";
import { useEffect, useId, useRef, useState } from "react";
import { useViewer } from "~/components/account/viewer-store";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { PaymentFailure, postJson } from "~/lib/shop-api";
import { showToast } from "~/lib/toast";

/**
 * The back-in-stock alert's form, fetched when the shopper first asks (back-in-stock.tsx): a
 * guest gives an address; a signed-in customer's click has asked already, and is sent at once
 * with their account's address. Once kept, it says where the one email will go.
 */
export function BackInStockForm({ variantId }: { variantId: string }) {
  const id = useId();
  const { signedIn } = useViewer();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [kept, setKept] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function ask() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = (await postJson("/api/stock-alerts", {
        variantId,
        ...(signedIn ? {} : { email: email.trim() }),
      })) as { email: string };
      const notice = stockAlertKept(answer.email);
      void showToast(notice.title, { description: notice.description });
      setKept(answer.email);
    } catch (error) {
      setProblem(
        error instanceof PaymentFailure ? error.message : "Something went wrong. Try again.",
      );
      setBusy(false);
    }
  }

  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (signedIn) void ask();
    else input.current?.focus();
  });

  if (kept) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        {stockAlertKept(kept).description}
      </p>
    );
  }
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void ask();
      }}
    >
      <div className="flex flex-wrap gap-2">
        {signedIn ? null : (
          <>
            <label htmlFor={`${id}-email`} className="sr-only">
              Email
            </label>
            <Input
              ref={input}
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="min-w-0 flex-1 basis-56"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </>
        )}
        <Button type="submit" variant="secondary" size="lg" disabled={busy}>
          {busy ? "Saving…" : signedIn ? "Try again" : "Notify me"}
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
