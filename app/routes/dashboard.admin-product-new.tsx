import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { listAdminCategories } from "@server/catalog/category-editor";
import { createProduct } from "@server/catalog/product-editor";
import { productFormSchema } from "@server/catalog/product-form";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { prepareUpload } from "@server/media/image-processing";
import { listImageChoices } from "@server/media/image-store";
import { redirect } from "react-router";
import { ProductEditor } from "~/components/admin/product-editor";
import type { Route } from "./+types/dashboard.admin-product-new";

// /dashboard/admin-products/new: a new product with its variants (behind the admin's guard);
// once created, its own page.

export async function loader() {
  const db = await getDb();
  const [images, categories] = await Promise.all([listImageChoices(db), listAdminCategories(db)]);
  return { images, categories };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(productFormSchema, async ({ imageFile, imageFocus, ...input }) => {
      const id = await createProduct(db, admin, input, await prepareUpload(imageFile, imageFocus));
      throw redirect(`/dashboard/admin-products/${id}`);
    }),
  });
}

export default function NewProduct({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">New product</h1>
      <ProductEditor detail={null} images={loaderData.images} categories={loaderData.categories} />
    </section>
  );
}
