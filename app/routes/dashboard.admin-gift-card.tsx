import { formatDateTime } from "@common/dates";
import { giftCardStatusLabels } from "@common/gift-cards/gift-cards";
import { formatPence } from "@common/money";
import { formatOrderNumber } from "@common/orders/order-number";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { openedVersionField } from "@server/audit/stale-save";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import {
  adjustGiftCard,
  adjustGiftCardFormSchema,
  getGiftCard,
  setGiftCardStatus,
} from "@server/gift-cards/gift-card-admin";
import { answerForm, formIntent } from "@server/http/form-action";
import { data } from "react-router";
import { z } from "zod";
import { AdjustGiftCardForm, GiftCardStatusForm } from "~/components/admin/gift-card-forms";
import { cardClass } from "~/components/ui/card";
import { ShopLink } from "~/components/ui/shop-link";
import { HeadRow, TableRegion } from "~/components/ui/table-region";
import type { Route } from "./+types/dashboard.admin-gift-card";

// /dashboard/admin-gift-cards/:cardId: one gift card, its code's last four (the whole code is
// shown once, when it is issued: docs/decisions/079-gift-card-codes-hashed.md), its history of moves, and its balance changed or the card disabled (behind the admin's
// guard, dashboard.admin; docs/admin.md#gift-cards).

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getGiftCard(await getDb(), params.cardId);
  if (!found) throw data("Gift card not found.", { status: 404 });
  return found;
}

const statusSchema = z.object({ version: openedVersionField });

export async function action({ request, url, params }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  const id = params.cardId;
  return answerForm(request, {
    adjust: formIntent(adjustGiftCardFormSchema, (input) =>
      adjustGiftCard(
        db,
        { id, changePence: input.change, reason: input.reason, version: input.version },
        admin,
      ),
    ),
    disable: formIntent(statusSchema, (input) =>
      setGiftCardStatus(db, { id, status: "disabled", version: input.version }, admin),
    ),
    enable: formIntent(statusSchema, (input) =>
      setGiftCardStatus(db, { id, status: "active", version: input.version }, admin),
    ),
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: loaderData ? `Gift card ${loaderData.card.lastFour}` : "Gift card",
    description: "A gift card, in the admin.",
    path: "/dashboard/admin-gift-cards",
    noindex: true,
  }));
}

const kindLabels = {
  issued: "Issued",
  spent: "Spent",
  returned: "Given back",
  adjusted: "Adjusted",
} as const;

/** The card's figures, its code's last four and whom it was for. */
function CardFacts({ card }: { card: Route.ComponentProps["loaderData"]["card"] }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-ink-muted">Balance</dt>
        <dd className="text-2xl font-bold" data-testid="gift-card-balance">
          {formatPence(card.balancePence)}
        </dd>
      </div>
      <div>
        <dt className="text-ink-muted">Issued for</dt>
        <dd className="text-lg font-semibold">{formatPence(card.initialPence)}</dd>
      </div>
      <div>
        <dt className="text-ink-muted">Status</dt>
        <dd className="text-lg font-semibold">{giftCardStatusLabels[card.status]}</dd>
      </div>
      <div className="sm:col-span-3">
        <dt className="text-ink-muted">Code</dt>
        <dd className="font-mono text-lg font-semibold tracking-wider">
          •••• {card.lastFour}
          <span className="mt-1 block font-sans text-sm font-normal tracking-normal text-ink-muted">
            The whole code was shown once, when the card was issued, and is in its email: the shop
            keeps only its last four characters.
          </span>
        </dd>
      </div>
      <div className="sm:col-span-3">
        <dt className="text-ink-muted">Recipient</dt>
        <dd>
          {card.recipientEmail
            ? `${card.recipientName ? `${card.recipientName}, ` : ""}${card.recipientEmail}${
                card.sentAt
                  ? `: emailed ${formatDateTime(card.sentAt)}`
                  : card.sendOn
                    ? `: to be emailed ${formatDateTime(card.sendOn)}`
                    : ""
              }`
            : "None: handed over by the shop."}
          {card.message ? (
            <span className="mt-1 block whitespace-pre-line text-ink-muted">
              “{card.message}”{card.senderName ? `, from ${card.senderName}` : ""}
            </span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

export default function AdminGiftCard({ loaderData }: Route.ComponentProps) {
  const { card, entries } = loaderData;
  return (
    <section>
      <ShopLink
        to="/dashboard/admin-gift-cards"
        className="text-sm font-medium text-brand-strong underline-offset-2 hover:underline"
      >
        ← All gift cards
      </ShopLink>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">
        Gift card <span className="whitespace-nowrap">•••• {card.lastFour}</span>
      </h1>
      <div className="mt-6 space-y-6">
        <section aria-labelledby="gift-card-heading" className={`${cardClass} space-y-4`}>
          <h2 id="gift-card-heading" className="sr-only">
            The card
          </h2>
          <CardFacts card={card} />
          {card.status === "pending" ? (
            <p className="text-sm text-ink-muted">
              Bought with an order not paid yet: it becomes money, and is emailed, once the order is
              paid.
            </p>
          ) : (
            <GiftCardStatusForm version={card.version} status={card.status} />
          )}
        </section>
        {card.status === "pending" ? null : (
          <AdjustGiftCardForm
            id={card.id}
            version={card.version}
            balancePence={card.balancePence}
          />
        )}
        <TableRegion label="History" className="min-w-[40rem]">
          <HeadRow labels={["When", "What", "Amount", "Balance after", "Order or reason"]} />
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="gift-card-entry">
                <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                <td className="px-4 py-3">{kindLabels[entry.kind]}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {entry.amountPence > 0 ? "+" : ""}
                  {formatPence(entry.amountPence)}
                </td>
                <td className="px-4 py-3">{formatPence(entry.balanceAfterPence)}</td>
                <td className="px-4 py-3">
                  {entry.orderId && entry.orderNumber !== null ? (
                    <ShopLink
                      to={`/dashboard/admin-orders/${encodeURIComponent(entry.orderId)}`}
                      className="font-medium text-brand-strong underline-offset-2 hover:underline"
                    >
                      {formatOrderNumber(entry.orderNumber)}
                    </ShopLink>
                  ) : null}
                  {entry.reason ? (
                    <span className="block text-ink-muted">{entry.reason}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      </div>
    </section>
  );
}
