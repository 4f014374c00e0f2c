import { formatDateTime } from "@common/dates";
import { giftCardStatusLabels } from "@common/gift-cards/gift-cards";
import { formatPence } from "@common/money";
import { groupThousands } from "@common/numbers";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import {
  issueGiftCard,
  issueGiftCardFormSchema,
  listGiftCards,
} from "@server/gift-cards/gift-card-admin";
import { answerForm, formIntent } from "@server/http/form-action";
import { saveShopSettings, settingsVersion } from "@server/settings/settings-editor";
import { giftCardSettingsFormSchema } from "@server/settings/settings-form";
import { getShopSettings, giftCardRangeOf } from "@server/settings/shop-settings";
import { Form } from "react-router";
import { GiftCardSellingForm, IssueGiftCardForm } from "~/components/admin/gift-card-forms";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ShopLink } from "~/components/ui/shop-link";
import { EmptyCard, HeadRow, TableRegion } from "~/components/ui/table-region";
import type { Route } from "./+types/dashboard.admin-gift-cards";

// /dashboard/admin-gift-cards: the gift cards, newest first, found by the end of their code or
// the recipient's address, with what they hold in all, and a new one issued (behind the admin's
// guard, dashboard.admin; docs/admin.md#gift-cards).

export async function loader({ url }: Route.LoaderArgs) {
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const db = await getDb();
  const [cards, settings, version] = await Promise.all([
    listGiftCards(db, query),
    getShopSettings(db),
    settingsVersion(db),
  ]);
  return { query, ...cards, range: giftCardRangeOf(settings), version };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    selling: formIntent(giftCardSettingsFormSchema, (input) => saveShopSettings(db, admin, input)),
    issue: formIntent(issueGiftCardFormSchema, async (input) => {
      // The whole code goes back this once, for the admin to hand over.
      return { reply: await issueGiftCard(db, input, admin) };
    }),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Gift cards",
    description: "The shop's gift cards, in the admin.",
    path: "/dashboard/admin-gift-cards",
    noindex: true,
  }));
}

export default function AdminGiftCards({ loaderData }: Route.ComponentProps) {
  const { query, cards, count, outstandingPence, range, version } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Gift cards</h1>
      <p className="mt-2 text-ink-muted">
        {groupThousands(count)} {count === 1 ? "card" : "cards"}; active cards hold{" "}
        {formatPence(outstandingPence)} in all, owed to their holders until spent. A card pays for
        orders like money, after any discount.
      </p>
      <div className="mt-6 space-y-6">
        <GiftCardSellingForm range={range} version={version} />
        <IssueGiftCardForm />
        <Form method="get" role="search" className="flex gap-2" aria-label="Find gift cards">
          <label htmlFor="gift-card-search" className="sr-only">
            The code's last four or the recipient's email
          </label>
          <Input
            id="gift-card-search"
            name="q"
            defaultValue={query}
            placeholder="Code's last four or recipient's email"
            className="max-w-sm"
          />
          <Button type="submit" variant="secondary">
            Find
          </Button>
        </Form>
        {cards.length === 0 ? (
          <EmptyCard>{query ? "No gift card matches." : "No gift cards yet."}</EmptyCard>
        ) : (
          <TableRegion label="Gift cards" className="min-w-[44rem]">
            <HeadRow labels={["Card", "Balance", "Issued for", "Recipient", "Status", "Issued"]} />
            <tbody className="divide-y divide-line">
              {cards.map((card) => (
                <tr key={card.id} data-testid="gift-card-row">
                  <td className="px-4 py-3">
                    <ShopLink
                      to={`/dashboard/admin-gift-cards/${encodeURIComponent(card.id)}`}
                      className="font-medium whitespace-nowrap text-brand-strong underline-offset-2 hover:underline"
                      aria-label={`Gift card ending ${card.last4}`}
                    >
                      •••• {card.last4}
                    </ShopLink>
                  </td>
                  <td className="px-4 py-3">{formatPence(card.balancePence)}</td>
                  <td className="px-4 py-3">{formatPence(card.initialPence)}</td>
                  <td className="px-4 py-3 break-all">
                    {card.recipientEmail ?? "Handed over"}
                    {card.recipientEmail ? (
                      <span className="block text-ink-muted">
                        {card.sentAt
                          ? `Sent ${formatDateTime(card.sentAt)}`
                          : card.sendOn
                            ? `Due ${formatDateTime(card.sendOn)}`
                            : ""}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">{giftCardStatusLabels[card.status]}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(card.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
      </div>
    </section>
  );
}
