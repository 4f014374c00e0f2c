import { formatPenceInText } from "@common/money";
import { routeMeta } from "@common/seo";
import { getShopSettings, giftCardRangeOf } from "@server/settings/shop-settings";
import { PageHeader } from "~/components/content/page-header";
import { GiftCardBuyForm } from "~/components/gift-cards/gift-card-buy-form";
import type { Route } from "./+types/gift-cards";

// /gift-cards (docs/storefront.md#gift-cards): the shop's gift cards, bought through the cart and
// emailed to whom the buyer names on the day they choose.

export async function loader() {
  return { range: giftCardRangeOf(await getShopSettings()) };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Gift cards",
    description: `Give a ${site.shopName} gift card: emailed on the day you choose, with your message, and good for anything in the shop.`,
    path: "/gift-cards",
  }));
}

export default function GiftCards({ loaderData }: Route.ComponentProps) {
  const { range } = loaderData;
  const from = formatPenceInText(Math.min(range.customMinPence, ...range.amountsPence));
  return (
    <>
      <PageHeader eyebrow="Gift cards" title="Give a brighter smile">
        <p>
          A gift card for anything in the shop, from {from}: emailed on the day you choose, with
          your message.
        </p>
      </PageHeader>
      <div className="shop-container grid gap-10 py-12 [--shop-width:var(--container-6xl)] lg:grid-cols-[22rem_1fr] lg:py-16">
        <aside className="order-last space-y-5 lg:order-first">
          <img
            src="/images/gift-card.svg"
            alt="A teal gift card tied with a white ribbon"
            width={800}
            height={800}
            className="mx-auto w-full max-w-64 rounded-[var(--radius-card)] border border-line bg-mint lg:max-w-none"
          />
          <ul className="space-y-2 text-sm text-ink-muted">
            <li>Pays for part or all of an order, delivery included.</li>
            <li>What is not spent stays on the card for next time.</li>
            <li>Its code arrives by email: no post, no waiting.</li>
          </ul>
        </aside>
        <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8">
          <GiftCardBuyForm range={range} />
        </div>
      </div>
    </>
  );
}
