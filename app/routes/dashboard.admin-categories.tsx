import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from "@server/catalog/category-editor";
import { categoryFormSchema, categoryIdSchema } from "@server/catalog/category-form";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { z } from "zod";
import { CategoryForms } from "~/components/admin/category-form";
import type { Route } from "./+types/dashboard.admin-categories";

// /dashboard/admin-categories: the store's categories, created, edited and deleted (behind the
// admin's guard, dashboard.admin). Products are put in a category from their own editor.

export async function loader() {
  return { categories: await listAdminCategories(await getDb()) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(categoryFormSchema, ({ id, ...input }) =>
      id ? updateCategory(db, admin, id, input) : createCategory(db, admin, input),
    ),
    delete: formIntent(z.object({ id: categoryIdSchema }), ({ id }) =>
      deleteCategory(db, admin, id),
    ),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Categories",
    description: "The store's categories in the shop's admin.",
    path: "/dashboard/admin-categories",
    noindex: true,
  }));
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Categories</h1>
      <p className="mt-2 text-ink-muted">
        Each has its own page in the store and a chip on /store, in the order of their positions.
        Put a product in one from its editor.
      </p>
      <CategoryForms categories={loaderData.categories} />
    </section>
  );
}
