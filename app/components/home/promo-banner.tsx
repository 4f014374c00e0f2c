import { Button } from "~/components/ui/button";
import { showNotImplemented } from "~/lib/notices";

/** The home page's banner: its Shop Now only shows the not-implemented notice (docs/product.md#beyond-a-brochure-site). */
export function PromoBanner() {
  return (
    <section aria-labelledby="promo-heading" className="shop-container">
      <div className="flex flex-col items-start gap-6 overflow-hidden rounded-[var(--radius-card)] bg-brand-strong px-6 py-12 text-white sm:px-12 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl">
          <p className="text-sm font-semibold tracking-wide text-mint uppercase">Coming soon</p>
          <h2 id="promo-heading" className="mt-2 text-3xl font-bold tracking-tight">
            Subscribe and save 15%
          </h2>
          <p className="mt-3 text-teal-50">
            A fresh whitening kit every three months, delivered free. Pause or cancel any time.
          </p>
        </div>
        <Button variant="inverse" size="lg" onClick={showNotImplemented}>
          Shop Now
        </Button>
      </div>
    </section>
  );
}
