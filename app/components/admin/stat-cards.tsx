import { cardClass } from "~/components/ui/card";
import { ShopLink } from "~/components/ui/shop-link";

export type Stat = {
  label: string;
  value: string;
  href?: string;
  testId: string;
  /** Beside the figure: how it compares ("+12 % on the previous 30 days"). */
  change?: string;
};

/** The overview's headline figures, each a card; a figure with somewhere to go links there. */
export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className={cardClass}>
          <dt className="text-sm text-ink-muted">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid={stat.testId}>
            {stat.href ? (
              <ShopLink to={stat.href} className="hover:text-brand-strong">
                {stat.value}
              </ShopLink>
            ) : (
              stat.value
            )}
          </dd>
          {stat.change ? (
            <dd className="mt-1 text-sm text-ink-muted" data-testid={`${stat.testId}-change`}>
              {stat.change}
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
