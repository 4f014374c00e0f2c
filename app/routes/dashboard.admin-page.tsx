import { isPageKey, pageLabels, pagePaths } from "@common/content/pages";
import { configFrom, rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import {
  pageFormSchema,
  restorePageFormSchema,
  showVersionFormSchema,
} from "@server/content/page-form";
import { pageForEditor, pageVersionContent, restorePage, savePage } from "@server/content/pages";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { answerForm, formIntent } from "@server/http/form-action";
import { data } from "react-router";
import { z } from "zod";
import { PageEditor } from "~/components/admin/page-editor";
import { ShopLink } from "~/components/ui/shop-link";
import { pagePlaceholders } from "~/lib/page-placeholders";
import type { Route } from "./+types/dashboard.admin-page";

// /dashboard/admin-pages/:page: one page's editor, preview and history (behind the admin's guard,
// dashboard.admin; docs/admin.md#pages).

function pageOf(param: string) {
  if (!isPageKey(param)) throw data("Page not found.", { status: 404 });
  return param;
}

export async function loader({ params }: Route.LoaderArgs) {
  const page = pageOf(params.page);
  return { page, ...(await pageForEditor(await getDb(), page)) };
}

/** Each intent on an address that names no page: the form is still read (and refused) first. */
const noPage = formIntent(z.object({}), async () => {
  throw new DomainError("NOT_FOUND", "Page not found.");
});

export async function action({ request, params, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  if (!isPageKey(params.page)) {
    return answerForm(request, { save: noPage, preview: noPage, show: noPage, restore: noPage });
  }
  const page = params.page;
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(pageFormSchema(page), ({ content, version }) =>
      savePage(db, admin, page, content, version),
    ),
    preview: formIntent(pageFormSchema(page), async ({ content }) => ({ reply: content })),
    show: formIntent(showVersionFormSchema, async ({ show }) => ({
      reply: {
        label: show === 0 ? "Starting text" : `Version ${show}`,
        content: await pageVersionContent(db, page, show),
      },
    })),
    restore: formIntent(restorePageFormSchema, ({ from, version }) =>
      restorePage(db, admin, page, from, version),
    ),
  });
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: loaded ? `Page: ${pageLabels[loaded.page]}` : "Page",
    description: "One of the shop's pages, in the admin.",
    path: "/dashboard/admin-pages",
    noindex: true,
  }));
}

export default function AdminPage({ loaderData, matches }: Route.ComponentProps) {
  const { page, content, version, history } = loaderData;
  return (
    <section>
      <ShopLink
        to="/dashboard/admin-pages"
        className="text-sm font-medium text-brand-strong underline-offset-2 hover:underline"
      >
        ← All pages
      </ShopLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{pageLabels[page]}</h1>
        <ShopLink
          to={pagePaths[page]}
          className="font-medium text-brand-strong underline underline-offset-2"
        >
          View on the shop
        </ShopLink>
      </div>
      <div className="mt-6">
        <PageEditor
          key={version}
          page={page}
          content={content}
          version={version}
          history={history}
          values={pagePlaceholders(configFrom(matches))}
          today={rootDataFrom(matches)?.today ?? ""}
        />
      </div>
    </section>
  );
}
