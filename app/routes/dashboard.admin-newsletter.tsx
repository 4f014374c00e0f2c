import { formatDateTime } from "@common/dates";
import { groupThousands } from "@common/numbers";
import { pageNumber } from "@common/page-number";
import { routeMeta } from "@common/seo";
import { getDb } from "@server/db/connection";
import { listSubscribers, SUBSCRIBERS_PAGE_SIZE } from "@server/newsletter/subscriptions";
import { buttonVariants } from "~/components/ui/button";
import { Download } from "~/components/ui/icons";
import { PageLinks } from "~/components/ui/page-links";
import { ShopLink } from "~/components/ui/shop-link";
import { EmptyCard, HeadRow, TableRegion } from "~/components/ui/table-region";
import { cn } from "~/lib/class-names";
import { subscriberFilters, subscriberStatusFilter } from "~/lib/newsletter-filter";
import type { Route } from "./+types/dashboard.admin-newsletter";

// /dashboard/admin-newsletter: who signed up to the newsletter, when, where and whether they
// confirmed (behind the admin's guard, dashboard.admin); the CSV takes them to a mailing service.

export async function loader({ url }: Route.LoaderArgs) {
  const status = subscriberStatusFilter(url.searchParams.get("status"));
  const page = pageNumber.parse(url.searchParams.get("page"));
  const { subscribers, total } = await listSubscribers(await getDb(), { status, page });
  return {
    subscribers,
    total,
    status,
    page,
    pageCount: Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE)),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Newsletter",
    description: "The newsletter's subscribers in the admin.",
    path: "/dashboard/admin-newsletter",
    noindex: true,
  }));
}

const statusLabels: Record<string, string> = {
  subscribed: "Subscribed",
  pending: "Not confirmed",
  unsubscribed: "Unsubscribed",
};

const search = (status: string, page = 1) => {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "?";
};

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, status, page, pageCount } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Newsletter</h1>
      <p className="mt-2 text-ink-muted">
        Addresses given in the shop's footer. Only those who confirmed by the emailed link are
        subscribed; each keeps when, where and under which words it was given.
      </p>
      <div className="mt-6 mb-6 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
          {subscriberFilters.map((filter) => (
            <ShopLink
              key={filter.value}
              to={`/dashboard/admin-newsletter${search(filter.value)}`}
              aria-current={filter.value === status ? "page" : undefined}
              className={cn(
                buttonVariants({ variant: filter.value === status ? "primary" : "secondary" }),
              )}
            >
              {filter.label}
            </ShopLink>
          ))}
        </nav>
        <a
          href={`/dashboard/admin-newsletter/export${status ? `?status=${status}` : ""}`}
          className={buttonVariants({ variant: "secondary" })}
          download
        >
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
        {total === 1 ? "1 address" : `${groupThousands(total)} addresses`}.
      </p>
      {subscribers.length === 0 ? (
        <EmptyCard>No addresses yet.</EmptyCard>
      ) : (
        <TableRegion label="Subscribers" className="min-w-[40rem]">
          <HeadRow labels={["Email", "Status", "Signed up", "Confirmed", "Page"]} />
          <tbody className="divide-y divide-line">
            {subscribers.map((subscriber) => (
              <tr key={subscriber.email} data-testid="subscriber-row">
                <td className="px-4 py-3 font-medium break-all">{subscriber.email}</td>
                <td className="px-4 py-3">{statusLabels[subscriber.status]}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {formatDateTime(subscriber.signedUpAt)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {subscriber.confirmedAt ? formatDateTime(subscriber.confirmedAt) : "Not yet"}
                </td>
                <td className="px-4 py-3 font-mono text-xs">{subscriber.sourcePage}</td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      {pageCount > 1 ? (
        <PageLinks
          label="Pages of subscribers"
          page={page}
          pageCount={pageCount}
          href={(next) => search(status, next)}
        />
      ) : null}
    </section>
  );
}
