import {
  IMPORT_TOO_LARGE,
  type ImportAnswer,
  type ImportProblem,
  type ImportProgress,
  type ImportSummary,
  MAX_IMPORT_BYTES,
} from "@common/catalog/product-csv";
import { formatDateTime } from "@common/dates";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ShopLink } from "~/components/ui/shop-link";
import { showToast } from "~/lib/toast";

// The admin's product import (/dashboard/admin-products/import): a Shopify product CSV chosen,
// previewed (what each product becomes, every problem by row and column), then imported with
// the same file, which the server keeps and imports in the background: the answer is the
// import's progress page (./product-import-progress.tsx).

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-GB")} ${count === 1 ? one : many}`;

function ImportMessages({
  title,
  items,
  id,
  heading,
}: {
  title: string;
  items: ImportProblem[];
  id: string;
  /** The message column's heading. */
  heading: string;
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-labelledby={id}>
        <caption id={id} className="sr-only">
          {title}
        </caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Row
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Column
            </th>
            <th scope="col" className="py-2 font-semibold">
              {heading}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            // One message per row, column and text: together they name it.
            <tr
              key={`${item.row}-${item.column}-${item.message}`}
              className="border-b border-line/60"
            >
              <td className="py-2 pr-4 tabular-nums">{item.row ?? "File"}</td>
              <td className="py-2 pr-4">{item.column ?? ""}</td>
              <td className="py-2">{item.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What stops a file from being imported, row by row: in the preview and on a refused import. */
export function FileProblems({ items }: { items: ImportProblem[] }) {
  return (
    <ImportMessages
      title="Problems in the file"
      items={items}
      id="import-problems"
      heading="What to change"
    />
  );
}

function Preview({ preview, fileName }: { preview: ImportSummary; fileName: string }) {
  const creating = preview.products.filter((product) => product.action === "create").length;
  const updating = preview.products.length - creating;
  const newVariants = preview.products.reduce((sum, product) => sum + product.created, 0);
  const changedVariants = preview.products.reduce((sum, product) => sum + product.updated, 0);
  const pictures = preview.products.reduce((sum, product) => sum + product.picturesToFetch, 0);
  return (
    <section className={cardClass} aria-labelledby="import-preview-heading">
      <h2 id="import-preview-heading" className="text-lg font-semibold">
        Preview of {fileName}
      </h2>
      <p className="mt-2 text-sm">
        {plural(preview.rows, "row")}: {plural(creating, "product")} to create and{" "}
        {plural(updating, "product")} to update, with {plural(newVariants, "new variant")} and{" "}
        {plural(changedVariants, "variant")} updated; {plural(pictures, "picture")} to fetch.
        {preview.categoriesToCreate.length > 0
          ? ` New categories: ${preview.categoriesToCreate.join(", ")}.`
          : ""}
      </p>
      {preview.problems.length > 0 ? (
        <div className="mt-4">
          <p role="alert" className="font-semibold text-coral-strong">
            {plural(preview.problems.length, "problem")}: nothing is imported until the file is
            corrected.
          </p>
          <FileProblems items={preview.problems} />
        </div>
      ) : null}
      {preview.notes.length > 0 ? (
        <div className="mt-6">
          <h3 className="font-semibold">Imported differently from the file</h3>
          <ImportMessages
            title="Notes on the file"
            items={preview.notes}
            id="import-notes"
            heading="What the import does"
          />
        </div>
      ) : null}
      {preview.products.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold">Products in the file</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Row
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Product
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Action
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Variants
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.products.slice(0, 200).map((product) => (
                <tr key={product.handle} className="border-b border-line/60">
                  <td className="py-2 pr-4 tabular-nums">{product.row}</td>
                  <td className="py-2 pr-4">
                    {product.name} <span className="text-ink-muted">({product.handle})</span>
                  </td>
                  <td className="py-2 pr-4">{product.action === "create" ? "Create" : "Update"}</td>
                  <td className="py-2">
                    {product.created} new, {product.updated} updated
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.products.length > 200 ? (
            <p className="mt-2 text-sm text-ink-muted">
              And {plural(preview.products.length - 200, "more product")}.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

type RecentImport = {
  id: string;
  fileName: string;
  status: ImportProgress["status"];
  rowsTotal: number;
  startedAt: Date;
};

const recentStatus: Record<ImportProgress["status"], string> = {
  queued: "Waiting",
  running: "Importing",
  finished: "Finished",
  stopped: "Stopped",
  refused: "Not imported",
};

function RecentImports({ recent }: { recent: RecentImport[] }) {
  return (
    <section className={cardClass} aria-labelledby="recent-imports-heading">
      <h2 id="recent-imports-heading" className="text-lg font-semibold">
        Recent imports
      </h2>
      <ul className="mt-3 divide-y divide-line text-sm">
        {recent.map((item) => (
          <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <ShopLink
              to={`/dashboard/admin-products/import/${item.id}`}
              className="font-medium text-brand-strong underline-offset-2 hover:underline"
            >
              {item.fileName}
            </ShopLink>
            <span className="text-ink-muted">
              {recentStatus[item.status]}
              {item.rowsTotal > 0 ? `, ${plural(item.rowsTotal, "row")}` : ""},{" "}
              {formatDateTime(item.startedAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProductImport({ recent }: { recent: RecentImport[] }) {
  const fetcher = useFetcher<ImportAnswer>({ key: "product-import" });
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Extract<ImportAnswer, { intent: "preview" }> | null>(null);
  const handled = useRef<ImportAnswer | undefined>(undefined);
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      setFileProblem(answer.message);
      void showToast("Products not imported", { description: answer.message, tone: "error" });
    } else {
      setPreview(answer);
    }
  }, [fetcher.state, answer]);
  const busy = fetcher.state !== "idle";
  const ready = preview !== null && preview.preview.problems.length === 0;
  const count = preview?.preview.products.length ?? 0;
  return (
    <div className="mt-6 space-y-6">
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        aria-label="Import products"
        className={cardClass}
        noValidate
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const file = input?.files?.[0];
          const problem = !file
            ? "Choose a CSV file to import."
            : file.size > MAX_IMPORT_BYTES
              ? IMPORT_TOO_LARGE
              : null;
          setFileProblem(problem);
          if (problem) event.preventDefault();
        }}
      >
        <p className="text-sm text-ink-muted">
          A product CSV in Shopify's format, from Shopify's Products page (Export) or this shop's.
          Products are matched by their handle, variants by SKU, else by their option values. Prices
          are in pounds; a stock figure counts the variant's stock, kept with the file's name as its
          reason. Up to 10 MB and 20,000 rows.
        </p>
        <Field id="import-file" label="CSV file" className="mt-4">
          <Input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileProblem ? true : undefined}
            aria-describedby={fileProblem ? "import-file-error" : undefined}
            onChange={() => {
              setPreview(null);
              setFileProblem(null);
            }}
          />
          {fileProblem ? (
            <p id="import-file-error" className="text-sm font-medium text-coral-strong">
              {fileProblem}
            </p>
          ) : null}
        </Field>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="preview" variant="secondary" disabled={busy}>
            Preview
          </Button>
          {ready ? (
            <Button type="submit" name="intent" value="apply" disabled={busy}>
              Import {plural(count, "product")}
            </Button>
          ) : null}
        </div>
      </fetcher.Form>
      {preview ? <Preview preview={preview.preview} fileName={preview.fileName} /> : null}
      {recent.length > 0 ? <RecentImports recent={recent} /> : null}
    </div>
  );
}
