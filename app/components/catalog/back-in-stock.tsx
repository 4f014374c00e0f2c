import { Suspense, useState } from "react";
import { Button } from "~/components/ui/button";
import { lazyPart } from "~/components/ui/lazy-part";

// The form's code is fetched when the shopper first asks (or focuses the button): a product
// page in stock, nearly all of them, pays nothing for it in its first load.
const form = lazyPart(() =>
  import("./back-in-stock-form").then((module) => module.BackInStockForm),
);

/**
 * A sold-out variant's back-in-stock alert (docs/storefront.md#back-in-stock-alerts): one button;
 * for a signed-in customer that click is the whole ask (their account's address), a guest then
 * gives an address.
 */
export function BackInStock({ variantId, name }: { variantId: string; name: string }) {
  const [asking, setAsking] = useState<string | null>(null);
  const headingId = `back-in-stock-${variantId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-[var(--radius-card)] border border-line bg-white p-4"
    >
      <h2 id={headingId} className="text-sm font-semibold">
        Email me when {name} is back
      </h2>
      {asking === variantId ? (
        <Suspense fallback={null}>
          <form.Component variantId={variantId} />
        </Suspense>
      ) : (
        <Button
          type="button"
          variant="secondary"
          size="lg"
          onClick={() => setAsking(variantId)}
          onFocus={form.preload}
        >
          Email me when it's back
        </Button>
      )}
    </section>
  );
}
