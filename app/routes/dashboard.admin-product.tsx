import { routeMeta } from "@common/seo";
import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { listAdminCategories } from "@server/catalog/category-editor";
import { setProductActive, updateProduct } from "@server/catalog/product-editor";
import { productFormSchema } from "@server/catalog/product-form";
import { deleteProduct } from "@server/catalog/product-removal";
import { countVariantStock } from "@server/catalog/variant-editor";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { prepareUpload } from "@server/media/image-processing";
import { listImageChoices } from "@server/media/image-store";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { HistoryList } from "~/components/admin/history-list";
import { ProductEditor } from "~/components/admin/product-editor";
import { ProductStatusForm } from "~/components/admin/product-status-form";
import { StockCountForm } from "~/components/admin/stock-count-form";
import { StockMovements } from "~/components/admin/stock-movements";
import { cardClass } from "~/components/ui/card";
import { ArrowLeft } from "~/components/ui/icons";
import type { Route } from "./+types/dashboard.admin-product";

// /dashboard/admin-products/:productId: edit a product and its variants, count its stock, archive
// or restore it, and read its history (behind the admin's guard, dashboard.admin).

export async function loader({ params }: Route.LoaderArgs) {
  const detail = await getAdminProduct(await getDb(), params.productId);
  if (!detail) throw data("Product not found.", { status: 404 });
  const db = await getDb();
  const [images, categories] = await Promise.all([listImageChoices(db), listAdminCategories(db)]);
  return { detail, images, categories };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  const id = params.productId;
  return answerForm(request, {
    save: formIntent(productFormSchema, async ({ imageFile, imageFocus, ...input }) =>
      updateProduct(db, admin, id, input, await prepareUpload(imageFile, imageFocus)),
    ),
    count: formIntent(
      z.object({
        variantId: z.string().min(1).max(100),
        counted: z
          .string()
          .trim()
          .regex(/^\d{1,6}$/, "Enter the units counted, a whole number.")
          .transform(Number),
        reason: z.string().trim().min(1, "Say why the stock changed.").max(200),
      }),
      (input) => countVariantStock(db, admin, { productId: id, ...input }),
    ),
    archive: formIntent(z.object({}), () => setProductActive(db, admin, id, false)),
    restore: formIntent(z.object({}), () => setProductActive(db, admin, id, true)),
    publish: formIntent(z.object({}), () => setProductActive(db, admin, id, true)),
    delete: formIntent(z.object({}), async () => {
      await deleteProduct(db, admin, id);
      throw redirect("/dashboard/admin-products");
    }),
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: `Edit ${loaderData?.detail.product.name ?? "product"}`,
    description: "A product in the shop's admin.",
    path: `/dashboard/admin-products/${loaderData?.detail.product.id ?? ""}`,
    noindex: true,
  }));
}

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const { detail, images, categories } = loaderData;
  return (
    <section>
      <Link
        to="/dashboard/admin-products"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All products
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{detail.product.name}</h1>
        <ProductStatusForm
          active={detail.product.active}
          draft={detail.product.draft}
          productId={detail.product.id}
          name={detail.product.name}
        />
      </div>
      <ProductEditor detail={detail} images={images} categories={categories} />
      <div className="mt-6">
        <StockCountForm variants={detail.variants} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="movements-heading" className={cardClass}>
          <h2 id="movements-heading" className="text-lg font-semibold">
            Stock movements
          </h2>
          <StockMovements movements={detail.movements} />
        </section>
        <section aria-labelledby="history-heading" className={cardClass}>
          <h2 id="history-heading" className="text-lg font-semibold">
            History
          </h2>
          <HistoryList entries={detail.history} />
        </section>
      </div>
    </section>
  );
}
