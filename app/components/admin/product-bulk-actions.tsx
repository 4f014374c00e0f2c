import type { FormAnswer } from "@common/form-answer";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Download } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { showToast } from "~/lib/toast";
import { useConfirmedSubmit } from "./use-confirmed-submit";

// The products list's bulk actions (docs/admin.md#bulk-actions): what to do with the products
// chosen (or all those matching the search), asked first with how many products change; the
// chosen ones exported too. The server checks the count again (server/catalog/bulk-products.ts).

type Kind = "publish" | "unpublish" | "archive" | "category" | "price";

const products = (count: number) =>
  `${count.toLocaleString("en-GB")} ${count === 1 ? "product" : "products"}`;

/** The dialog's question and button, and the toast once done. */
function wording(kind: Kind, count: number, category: string, percent: string) {
  const them = products(count);
  switch (kind) {
    case "publish":
      return { title: `Publish ${them}?`, confirm: `Publish ${them}`, done: `${them} published` };
    case "unpublish":
      return {
        title: `Take ${them} out of the shop as drafts?`,
        confirm: `Make ${them} drafts`,
        done: `${them} made drafts`,
      };
    case "archive":
      return { title: `Archive ${them}?`, confirm: `Archive ${them}`, done: `${them} archived` };
    case "category":
      return {
        title: `Move ${them} to ${category}?`,
        confirm: `Move ${them}`,
        done: `${them} moved to ${category}`,
      };
    case "price": {
      const change = Number(percent);
      const by = `${change > 0 ? "+" : ""}${percent.trim()} %`;
      return {
        title: `Change the prices of ${them} by ${by}?`,
        confirm: `Change ${them}' prices`,
        done: `Prices of ${them} changed by ${by}`,
      };
    }
  }
}

export function ProductBulkActions({
  chosen,
  allMatching,
  count,
  search,
  categories,
  onDone,
}: {
  /** The products chosen on this page. */
  chosen: readonly string[];
  /** Every product matching the search is chosen, not only those on this page. */
  allMatching: boolean;
  /** How many products the action changes. */
  count: number;
  search: string;
  categories: readonly { id: string; name: string }[];
  onDone: () => void;
}) {
  const fetcher = useFetcher<FormAnswer>({ key: "product-bulk" });
  const asking = useConfirmedSubmit(fetcher);
  const [kind, setKind] = useState<Kind>("publish");
  const [categoryId, setCategoryId] = useState("");
  const [percent, setPercent] = useState("");
  const sentWording = useRef<ReturnType<typeof wording> | null>(null);
  const handled = useRef<FormAnswer | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      void showToast(sentWording.current?.done ?? "Products changed");
      onDone();
    } else {
      void showToast("Products not changed", {
        description: answer.message ?? "Something went wrong",
        tone: "error",
      });
    }
  }, [fetcher.state, fetcher.data, onDone]);
  const categoryName =
    categories.find((category) => category.id === categoryId)?.name ?? "no category";
  const exportHref = allMatching
    ? `/dashboard/admin-products/export${search ? `?q=${encodeURIComponent(search)}` : ""}`
    : `/dashboard/admin-products/export?${chosen.map((id) => `id=${encodeURIComponent(id)}`).join("&")}`;
  return (
    <fetcher.Form
      method="post"
      aria-label="Bulk actions"
      className="mt-4 flex flex-wrap items-end gap-3 rounded-[var(--radius-card)] border border-brand/40 bg-brand-soft p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const said = wording(kind, count, categoryName, percent);
        sentWording.current = said;
        asking.ask(event.currentTarget, {
          title: said.title,
          confirmLabel: said.confirm,
          busyLabel: "Changing…",
          detail:
            kind === "price"
              ? "Each variant's price changes to the penny. A former (compare-at) price the new price reaches is removed: the sale ends."
              : undefined,
        });
      }}
    >
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="ids" value={allMatching ? "" : chosen.join(",")} />
      {allMatching ? <input type="hidden" name="allMatching" value="on" /> : null}
      <input type="hidden" name="search" value={search} />
      <input type="hidden" name="expected" value={count} />
      <p className="w-full text-sm font-semibold sm:w-auto sm:self-center" aria-live="polite">
        {products(count)} chosen
      </p>
      <Field id="bulk-action" label="Action" className="w-full sm:w-72">
        <Select
          id="bulk-action"
          name="action"
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
        >
          <option value="publish">Publish</option>
          <option value="unpublish">Make drafts</option>
          <option value="archive">Archive</option>
          <option value="category">Move to a category</option>
          <option value="price">Change prices by a percentage</option>
        </Select>
      </Field>
      {kind === "category" ? (
        <Field id="bulk-category" label="Category" className="w-full sm:w-60">
          <Select
            id="bulk-category"
            name="categoryId"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
          >
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {kind === "price" ? (
        <Field id="bulk-percent" label="Change (%)" className="w-full sm:w-36">
          <Input
            id="bulk-percent"
            name="percent"
            inputMode="numeric"
            placeholder="10 or -15"
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
        </Field>
      ) : null}
      <Button type="submit" disabled={asking.busy}>
        Apply
      </Button>
      <a href={exportHref} className={buttonVariants({ variant: "secondary" })} download>
        <Download aria-hidden="true" />
        Export chosen
      </a>
      {asking.dialog}
    </fetcher.Form>
  );
}
