import { pageKeys, pageLabels, pagePaths } from "@common/content/pages";
import { formatDateTime } from "@common/dates";
import { routeMeta } from "@common/seo";
import { getPage } from "@server/content/pages";
import { getDb } from "@server/db/connection";
import { ShopLink } from "~/components/ui/shop-link";
import { HeadRow, TableRegion } from "~/components/ui/table-region";
import type { Route } from "./+types/dashboard.admin-pages";

// /dashboard/admin-pages: the shop's pages the owner writes, with when each was last saved
// (behind the admin's guard, dashboard.admin; docs/admin.md#pages).

export async function loader() {
  const db = await getDb();
  const pages = await Promise.all(
    pageKeys.map(async (page) => {
      const shown = await getPage(db, page);
      return { page, version: shown.version, savedAt: shown.savedAt };
    }),
  );
  return { pages };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Pages",
    description: "The shop's pages, in the admin.",
    path: "/dashboard/admin-pages",
    noindex: true,
  }));
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Pages</h1>
      <p className="mt-2 text-ink-muted">
        The words of the shop's pages. Preview a change before you save it; every save is kept, so
        an earlier version can be restored.
      </p>
      <div className="mt-6">
        <TableRegion label="Pages" className="min-w-[32rem]">
          <HeadRow labels={["Page", "Address", "Last saved"]} />
          <tbody className="divide-y divide-line">
            {loaderData.pages.map(({ page, version, savedAt }) => (
              <tr key={page} data-testid="page-row">
                <td className="px-4 py-3">
                  <ShopLink
                    to={`/dashboard/admin-pages/${page}`}
                    className="font-medium text-brand-strong underline-offset-2 hover:underline"
                  >
                    {pageLabels[page]}
                  </ShopLink>
                </td>
                <td className="px-4 py-3">{pagePaths[page]}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  {savedAt ? `${formatDateTime(savedAt)} (version ${version})` : "Starting text"}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      </div>
    </section>
  );
}
