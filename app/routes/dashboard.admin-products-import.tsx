import type { ImportAnswer } from "@common/catalog/product-csv";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { importSummary, previewProductImport } from "@server/catalog/product-import";
import { applyProductImport } from "@server/catalog/product-import-apply";
import { getDb } from "@server/db/connection";
import { DomainError, httpStatusFor } from "@server/errors";
import { readForm } from "@server/http/form-request";
import { data } from "react-router";
import { z } from "zod";
import { ProductImport } from "~/components/admin/product-import";
import type { Route } from "./+types/dashboard.admin-products-import";

// /dashboard/admin-products/import: a product CSV in Shopify's format (behind the admin's guard).
// "Preview" reads the file and says what an import would do, row by row; "Import" sends the same
// file again, reads it afresh against the catalogue as it is now, and applies it only when it has
// no problem (server/catalog/product-import.ts). The file is never kept.

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
    const preview = await previewProductImport(db, new Uint8Array(await file.arrayBuffer()));
    if (intent === "preview" || preview.problems.length > 0) {
      return answer({
        ok: true,
        intent: "preview",
        fileName: file.name,
        preview: importSummary(preview),
      });
    }
    const outcomes = await applyProductImport(db, admin, preview, { fileName: file.name });
    return answer({ ok: true, intent: "apply", fileName: file.name, outcomes });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return answer({ ok: false, message: error.message }, httpStatusFor(error.code));
  }
}

export default function ImportProducts() {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Import products</h1>
      <ProductImport />
    </section>
  );
}
