import { routeMeta } from "@common/seo";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { linkAnswer, linkToken, newsletterLinkLoader } from "@server/newsletter/newsletter-link";
import { unsubscribe } from "@server/newsletter/subscriptions";
import { z } from "zod";
import { NewsletterLinkPage } from "~/components/newsletter/newsletter-link-page";
import type { Route } from "./+types/newsletter-unsubscribe";

// /newsletter/unsubscribe?token=…: the link at the foot of every marketing email (docs/storefront.md,
// Newsletter). No sign-in: the token is the subscriber's key. Its button unsubscribes at once; mail
// apps' own button posts to /api/newsletter/unsubscribe instead.

export function loader({ url }: Route.LoaderArgs) {
  return newsletterLinkLoader(url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request, url }: Route.ActionArgs) {
  const db = await getDb();
  return answerForm(request, {
    unsubscribe: formIntent(z.object({}), () => linkAnswer(unsubscribe(db, linkToken(url)))),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Unsubscribe",
    description: "Stop the newsletter's emails.",
    path: "/newsletter/unsubscribe",
    noindex: true,
  }));
}

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { subscriber } = loaderData;
  if (!subscriber) {
    return (
      <NewsletterLinkPage heading="This link is not valid">
        <p>It may be mistyped. Use the link at the foot of our latest email.</p>
      </NewsletterLinkPage>
    );
  }
  if (subscriber.status === "unsubscribed") {
    return (
      <NewsletterLinkPage heading="You're unsubscribed">
        <p>
          <strong className="text-ink">{subscriber.email}</strong> gets no more marketing emails
          from us. Emails about your orders still come.
        </p>
        <p>Changed your mind? Sign up again with the form at the foot of any page.</p>
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage
      heading="Unsubscribe from our newsletter"
      action={{ intent: "unsubscribe", label: "Unsubscribe", busyLabel: "Unsubscribing…" }}
    >
      <p>
        <strong className="text-ink">{subscriber.email}</strong> will get no more marketing emails
        from us. Emails about your orders still come.
      </p>
    </NewsletterLinkPage>
  );
}
