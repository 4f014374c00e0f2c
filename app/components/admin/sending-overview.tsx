import { groupThousands } from "@common/numbers";
import { buttonVariants } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Download, Package, Truck } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";

const ordersCount = (count: number) =>
  count === 1 ? "1 order" : `${groupThousands(count)} orders`;

/**
 * The overview of fulfilment staff (docs/decisions/071): the orders waiting on them, each count
 * opening the list it counts, and the packing slips to print. No figures.
 */
export function SendingOverview({
  fullName,
  toSend,
  onTheWay,
}: {
  fullName: string;
  toSend: number;
  onTheWay: number;
}) {
  const cards = [
    { label: "To send", count: toSend, status: "paid", icon: Package },
    { label: "On the way", count: onTheWay, status: "fulfilled", icon: Truck },
  ];
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Orders to send</h1>
      <p className="mt-2 text-ink-muted">Welcome back, {fullName}.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {cards.map(({ label, count, status, icon: Icon }) => (
          <li key={status} className={cardClass}>
            <p className="flex items-center gap-2 text-sm text-ink-muted">
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </p>
            <ShopLink
              to={`/dashboard/admin-orders?status=${status}`}
              className="mt-1 inline-block text-2xl font-bold text-brand-strong underline-offset-2 hover:underline"
            >
              {ordersCount(count)}
            </ShopLink>
          </li>
        ))}
      </ul>
      {toSend > 0 ? (
        <a
          href="/dashboard/admin-orders/packing-slips"
          className={`${buttonVariants({ variant: "secondary" })} mt-6`}
          download
        >
          <Download aria-hidden="true" />
          Packing slips to print
        </a>
      ) : null}
    </section>
  );
}
