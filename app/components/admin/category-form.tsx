import { productCountText } from "@common/catalog/store-listing";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { type FieldProblem, fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";
import { SearchListingFields } from "./search-listing-fields";

export type CategoryView = {
  id: string;
  name: string;
  slug: string;
  description: string;
  position: number;
  seoTitle: string | null;
  seoDescription: string | null;
  productCount: number;
  /** Sent back with a save: a save from a version since changed is refused. */
  version: number;
};

const DELETE_KEY = "category-delete";

/**
 * Every category's form and one for a new category. Deleting is answered here, not in the deleted
 * category's form, which is gone by the time the answer arrives.
 */
export function CategoryForms({ categories }: { categories: readonly CategoryView[] }) {
  useAccountForm(DELETE_KEY, (result) => {
    if (result.ok) void showToast("Category deleted");
    else {
      void showToast("Category not deleted", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <div className="mt-6 space-y-6">
      {categories.map((category) => (
        <CategoryForm key={category.id} category={category} />
      ))}
      <CategoryForm category={null} />
    </div>
  );
}

/**
 * One category's form (a new one when `category` is null): name, slug, description and position,
 * saved together; a refused field shows its reason beside it. An existing category can be deleted
 * (its products stay, in no category).
 */
function CategoryForm({ category }: { category: CategoryView | null }) {
  const key = category?.id ?? "new";
  const [problem, setProblem] = useState<FieldProblem>(null);
  const [formKey, setFormKey] = useState(0);
  const remover = useFetcher({ key: DELETE_KEY });
  const { fetcher, busy } = useAccountForm(`category-${key}`, (result) => {
    if (result.ok) {
      setProblem(null);
      if (category) void showToast("Category saved");
      else {
        void showToast("Category created");
        setFormKey((value) => value + 1);
      }
    } else {
      setProblem({ field: result.field, message: result.message ?? "Something went wrong" });
      void showToast(category ? "Category not saved" : "Category not created", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  const { errorFor, invalid } = fieldProblems(`category-${key}`, problem);
  const id = (field: string) => `category-${key}-${field}`;
  return (
    <fetcher.Form
      key={formKey}
      method="post"
      className={cardClass}
      aria-label={category ? `Category ${category.name}` : "New category"}
      noValidate
    >
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      {category ? <input type="hidden" name="version" value={category.version} /> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{category ? category.name : "New category"}</h2>
        {category ? (
          <p className="text-sm text-ink-muted">
            {productCountText(category.productCount)} ·{" "}
            <a href={`/store/${category.slug}`} className="text-brand-strong hover:underline">
              View in the store
            </a>
          </p>
        ) : null}
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-[2fr_2fr_1fr]">
        <Field id={id("name")} label="Name">
          <Input
            id={id("name")}
            name="name"
            defaultValue={category?.name ?? ""}
            maxLength={60}
            {...invalid("name")}
          />
          {errorFor("name")}
        </Field>
        <Field id={id("slug")} label="Slug" hint="Its page is /store/ followed by the slug.">
          <Input
            id={id("slug")}
            name="slug"
            defaultValue={category?.slug ?? ""}
            maxLength={60}
            aria-describedby={`${id("slug")}-hint`}
            {...invalid("slug")}
          />
          {errorFor("slug")}
        </Field>
        <Field id={id("position")} label="Position">
          <Input
            id={id("position")}
            name="position"
            inputMode="numeric"
            defaultValue={String(category?.position ?? 0)}
            maxLength={4}
            {...invalid("position")}
          />
          {errorFor("position")}
        </Field>
        <Field id={id("description")} label="Description" className="sm:col-span-3">
          <Textarea
            id={id("description")}
            name="description"
            defaultValue={category?.description ?? ""}
            maxLength={300}
            rows={2}
            {...invalid("description")}
          />
          {errorFor("description")}
        </Field>
        <SearchListingFields
          idPrefix={`category-${key}`}
          noun="category"
          written={category ?? undefined}
          problems={problem}
          framed={false}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {category ? "Save category" : "Create category"}
        </Button>
        {category ? (
          <Button
            type="button"
            variant="secondary"
            disabled={busy || remover.state !== "idle"}
            onClick={() => {
              const products =
                category.productCount > 0
                  ? ` Its ${category.productCount} products stay, in no category.`
                  : "";
              if (window.confirm(`Delete the category ${category.name}?${products}`)) {
                void remover.submit({ intent: "delete", id: category.id }, { method: "post" });
              }
            }}
          >
            Delete
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
