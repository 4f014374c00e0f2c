import { NEWSLETTER_BLURB, NEWSLETTER_PROMISE } from "@common/newsletter/newsletter";
import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * Newsletter sign-up (docs/storefront.md, Newsletter): the address goes to the shop, which emails a
 * link to confirm (double opt-in). The product's toast says it worked, and to check the inbox;
 * the answer is the same whether or not the address was on the list already.
 */
export function NewsletterForm() {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    setBusy(true);
    try {
      const { signUpForNewsletter } = await import("./newsletter-sign-up");
      if (await signUpForNewsletter(email)) form.reset();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3"
      aria-labelledby="newsletter-heading"
    >
      <h2 id="newsletter-heading" className="text-base font-semibold text-white">
        Join our newsletter
      </h2>
      <p className="text-sm text-slate-300">{NEWSLETTER_BLURB}</p>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <Input
          id="newsletter-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          tone="dark"
          aria-describedby="newsletter-consent"
        />
        <Button type="submit" variant="inverse" size="lg" disabled={busy}>
          Subscribe
        </Button>
      </div>
      <p id="newsletter-consent" className="text-xs text-slate-400">
        {NEWSLETTER_PROMISE}
      </p>
    </form>
  );
}
