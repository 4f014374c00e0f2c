import type { FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { showToast } from "~/lib/toast";

/** Newsletter sign-up: no network call yet (docs/product.md §2, §7); a toast, then the form resets. */
export function NewsletterForm() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void showToast("Subscribed! 🎉", {
      description: "Thanks for joining our newsletter. Look out for special offers!",
    });
    event.currentTarget.reset();
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className="text-base font-semibold text-white">
        Join our newsletter
      </h2>
      <p className="text-sm text-slate-300">
        Exclusive deals, new product announcements and oral health tips, straight to your inbox.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <Input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          tone="dark"
        />
        <Button type="submit" variant="inverse" size="lg">
          Subscribe
        </Button>
      </div>
    </form>
  );
}
