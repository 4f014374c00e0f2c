import type { ImportAnswer } from "@common/catalog/product-csv";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { importSummary, previewProductImport } from "@server/catalog/product-import";
import { queueProductImport, recentProductImports } from "@server/catalog/product-import-job";
import { getDb } from "@server/db/connection";
import { DomainError, httpStatusFor } from "@server/errors";
import { readForm } from "@server/http/form-request";
import { data, redirect } from "react-router";
import { z } from "zod";
import { ProductImport } from "~/components/admin/product-import";
import type { Route } from "./+types/dashboard.admin-products-import";

// /dashboard/admin-products/import: a product CSV in Shopify's format (behind the admin's guard).
// "Preview" reads the file and says what an import would do, row by row (the file is not kept);
// "Import" sends the same file again, which is kept and imported by the job queue
// (server/catalog/product-import-job.ts): the answer is its progress page, at once.

const formSchema = z.object({
  intent: z.enum(["preview", "apply"]),
  file: z.instanceof(File, { message: "Choose a CSV file to import." }),
});

const answer = (body: ImportAnswer, status = 200) =>
  data(body, { status, headers: { "Cache-Control": "no-store" } });

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  try {
    // A field with a control character is refused here, as every form's is (400).
    const parsed = formSchema.safeParse(await readForm(request));
    if (!parsed.success || parsed.data.file.size === 0) {
      return answer({ ok: false, message: "Choose a CSV file to import." }, 400);
    }
    const { intent, file } = parsed.data;
    const db = await getDb();
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (intent === "apply") {
      const id = await queueProductImport(db, admin, { name: file.name, bytes });
      return redirect(`/dashboard/admin-products/import/${id}`);
    }
    const preview = await previewProductImport(db, bytes);
    return answer({ ok: true, intent, fileName: file.name, preview: importSummary(preview) });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return answer({ ok: false, message: error.message }, httpStatusFor(error.code));
  }
}

export async function loader() {
  return { recent: await recentProductImports(await getDb()) };
}

export default function ImportProducts({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Import products</h1>
      <ProductImport recent={loaderData.recent} />
    </section>
  );
}
