import { formatLongDate } from "@common/dates";
import { formatPence } from "@common/money";
import type { OrderDocument } from "@common/orders/order-types";
import { Download } from "~/components/ui/icons";

/** An order's VAT invoice and credit notes, each a PDF to download (`base` + its id). */
export function OrderDocuments({
  documents,
  base,
}: {
  documents: readonly OrderDocument[];
  base: string;
}) {
  if (documents.length === 0) return null;
  return (
    <div className="mt-4 border-t border-line pt-3">
      <h3 className="text-sm font-semibold">Invoices and credit notes</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {documents.map((document) => (
          <li key={document.id}>
            <a
              href={`${base}/${document.id}`}
              download
              className="inline-flex items-center gap-2 font-medium text-brand-strong underline-offset-2 hover:underline"
            >
              <Download className="size-4" aria-hidden="true" />
              {document.kind === "invoice" ? "VAT invoice" : "Credit note"} {document.label}
            </a>{" "}
            <span className="text-ink-muted">
              {formatLongDate(new Date(document.issuedAt))} · {formatPence(document.grossPence)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
