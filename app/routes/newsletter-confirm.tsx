import { routeMeta } from "@common/seo";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { linkAnswer, linkToken, newsletterLinkLoader } from "@server/newsletter/newsletter-link";
import { confirmSubscription } from "@server/newsletter/subscriptions";
import { emailBrand } from "@server/settings/shop-settings";
import { z } from "zod";
import { NewsletterLinkPage } from "~/components/newsletter/newsletter-link-page";
import type { Route } from "./+types/newsletter-confirm";

// /newsletter/confirm?token=…: the double opt-in's emailed link (docs/storefront.md, Newsletter).
// The page says what the token holds; its button confirms (server/newsletter/newsletter-link.ts).

export function loader({ url }: Route.LoaderArgs) {
  return newsletterLinkLoader(url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, url }: Route.ActionArgs) {
  const db = await getDb();
  return answerForm(request, {
    confirm: formIntent(z.object({}), async () =>
      linkAnswer(confirmSubscription(db, await emailBrand(db), linkToken(url))),
    ),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Confirm your subscription",
    description: "Confirm your newsletter subscription.",
    path: "/newsletter/confirm",
    noindex: true,
  }));
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { subscriber } = loaderData;
  if (!subscriber || subscriber.status === "unsubscribed") {
    return (
      <NewsletterLinkPage heading="This link is no longer valid">
        <p>
          It may be mistyped, or from before an unsubscribe. Sign up again with the form at the foot
          of any page.
        </p>
      </NewsletterLinkPage>
    );
  }
  if (subscriber.status === "subscribed") {
    return (
      <NewsletterLinkPage heading="You're subscribed">
        <p>
          Thanks for confirming. <strong className="text-ink">{subscriber.email}</strong> will hear
          from us about new products, offers and tips, and every email has a link to leave.
        </p>
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage
      heading="Confirm your subscription"
      action={{
        intent: "confirm",
        label: "Confirm my subscription",
        busyLabel: "Confirming…",
      }}
    >
      <p>
        Subscribe <strong className="text-ink">{subscriber.email}</strong> to our newsletter:
        exclusive deals, new product announcements and oral health tips. Unsubscribe at any time.
      </p>
    </NewsletterLinkPage>
  );
}
