import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getProductImport, stopProductImport } from "@server/catalog/product-import-job";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { answerForm, formIntent } from "@server/http/form-action";
import { data } from "react-router";
import { z } from "zod";
import { ImportProgressView } from "~/components/admin/product-import-progress";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/dashboard.admin-products-import-progress";

// /dashboard/admin-products/import/:importId: an import the job queue applies
// (server/catalog/product-import-job.ts), its rows done, left out and failed, read afresh while
// it runs; it can be stopped, and what it has not reached is left out (behind the admin's guard).

export async function loader({ params }: Route.LoaderArgs) {
  try {
    return { progress: await getProductImport(await getDb(), params.importId) };
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") {
      throw data("Import not found.", { status: 404 });
    }
    throw error;
  }
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    stop: formIntent(z.object({}), () => stopProductImport(db, admin, params.importId)),
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: loaderData ? `Import of ${loaderData.progress.fileName}` : "Import",
    description: "A product import, in the admin.",
    path: "/dashboard/admin-products/import",
    noindex: true,
  }));
}

export default function ProductImportProgress({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <ShopLink
        to="/dashboard/admin-products/import"
        className="text-sm font-medium text-brand-strong underline-offset-2 hover:underline"
      >
        ← Import products
      </ShopLink>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">
        Import of <span className="break-all">{loaderData.progress.fileName}</span>
      </h1>
      <ImportProgressView progress={loaderData.progress} />
    </section>
  );
}
