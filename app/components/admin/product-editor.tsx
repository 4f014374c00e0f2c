import type { AdminProductDetail } from "@common/admin/admin-figures";
import { NO_PICTURE } from "@common/catalog/product-images";
import { valuesOfOption } from "@common/catalog/product-options";
import { slugFromName } from "@common/catalog/slug";
import { penceToDecimalString } from "@common/money";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { type FieldProblem, fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { showToast } from "~/lib/toast";
import { DescriptionField } from "./description-field";
import { MorePictures } from "./more-pictures";
import { type ImageChoice, ProductImagePicker } from "./product-image-picker";
import { type Problems, VariantsSection } from "./product-variants";
import { SearchListingFields } from "./search-listing-fields";
import { blankVariant, type OptionRow, type VariantRow, variantsField } from "./variant-rows";

function rowsOf(detail: AdminProductDetail | null): VariantRow[] {
  if (!detail) return [blankVariant({ key: "new-0", name: "Default" })];
  return detail.variants.map((variant) => ({
    key: variant.id,
    id: variant.id,
    name: variant.name,
    optionValues: variant.optionValues,
    sku: variant.sku ?? "",
    barcode: variant.barcode ?? "",
    grams: variant.grams === null ? "" : String(variant.grams),
    imageUrl: variant.imageUrl ?? "",
    price: penceToDecimalString(variant.pricePence),
    compareAt:
      variant.compareAtPricePence === null ? "" : penceToDecimalString(variant.compareAtPricePence),
    startingStock: "0",
    stockQuantity: variant.stockQuantity,
  }));
}

/** The saved options, each with its values as the variants use them. */
function optionsOf(detail: AdminProductDetail | null): OptionRow[] {
  return (detail?.product.optionNames ?? []).map((name, index) => ({
    key: `option-${index}`,
    name,
    values: valuesOfOption(detail?.variants ?? [], index).join(", "),
  }));
}

type Product = NonNullable<AdminProductDetail>["product"];

/** The saved pictures a variant may show, the main one first. */
function savedPictures(detail: AdminProductDetail | null) {
  if (!detail) return [];
  const { product } = detail;
  return [
    { url: product.imageUrl, label: `Main picture: ${product.imageAlt}` },
    ...product.images.map((image, index) => ({
      url: image.url,
      label: `Picture ${index + 2}: ${image.alt}`,
    })),
  ];
}

/** The name and the slug; a new product's slug follows its name until the admin edits the slug. */
function NameAndSlug({ product, problems }: { product: Product | undefined; problems: Problems }) {
  const { errorFor, invalid } = fieldProblems("product", problems);
  const slugInput = useRef<HTMLInputElement>(null);
  const slugEdited = useRef(false);
  return (
    <>
      <Field id="product-name" label="Name">
        <Input
          id="product-name"
          name="name"
          defaultValue={product?.name ?? ""}
          maxLength={100}
          onChange={(event) => {
            // A new product's slug follows its name until the admin edits the slug.
            const slug = slugInput.current;
            if (!product && slug && !slugEdited.current) {
              slug.value = slugFromName(event.currentTarget.value);
            }
          }}
          {...invalid("name")}
        />
        {errorFor("name")}
      </Field>
      <Field id="product-slug" label="Slug" hint="Lower-case letters, digits and dashes.">
        <Input
          ref={slugInput}
          id="product-slug"
          name="slug"
          defaultValue={product?.slug ?? ""}
          maxLength={80}
          onChange={(event) => {
            // Emptied, it follows the name again.
            slugEdited.current = event.currentTarget.value !== "";
          }}
          {...invalid("slug")}
        />
        {errorFor("slug")}
      </Field>
    </>
  );
}

/** The main picture (chosen, or a new upload with its crop) and its description, then the others. */
function PicturesFields({
  product,
  images,
  fileInput,
  problems,
  setProblem,
}: {
  product: Product | undefined;
  images: readonly ImageChoice[];
  fileInput: RefObject<HTMLInputElement | null>;
  problems: Problems;
  setProblem: (one: FieldProblem) => void;
}) {
  const { errorFor, invalid } = fieldProblems("product", problems);
  // A new product starts with no picture, never another product's.
  const [main, setMain] = useState({
    url: product?.imageUrl ?? NO_PICTURE,
    alt: product?.imageAlt ?? "",
  });
  return (
    <>
      <ProductImagePicker
        choices={images}
        chosen={main.url}
        onChoose={(url) => setMain((now) => ({ ...now, url }))}
        fileInput={fileInput}
        problem={problems[0] ?? null}
        onProblem={setProblem}
        errorFor={errorFor}
      />
      <Field id="product-image-alt" label="Image description (alt text)" className="sm:col-span-2">
        <Input
          id="product-image-alt"
          name="imageAlt"
          value={main.alt}
          onChange={(event) => setMain((now) => ({ ...now, alt: event.target.value }))}
          maxLength={200}
          {...invalid("imageAlt")}
        />
        {errorFor("imageAlt")}
      </Field>
      <MorePictures
        saved={product?.images ?? []}
        choices={images}
        problem={problems.find((entry) => entry.field?.startsWith("images"))?.message ?? null}
        main={main}
        onMain={setMain}
      />
    </>
  );
}

/** The product's details: name, slug, category, rank, image and description. */
function DetailsSection({
  product,
  categories,
  images,
  fileInput,
  problems,
  setProblem,
}: {
  product: Product | undefined;
  categories: readonly { id: string; name: string }[];
  images: readonly ImageChoice[];
  fileInput: RefObject<HTMLInputElement | null>;
  problems: Problems;
  setProblem: (one: FieldProblem) => void;
}) {
  const { errorFor, invalid } = fieldProblems("product", problems);
  return (
    <section className={cardClass} aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold">
        Details
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <NameAndSlug product={product} problems={problems} />

        <Field id="product-category" label="Category">
          <Select
            id="product-category"
            name="categoryId"
            defaultValue={product?.categoryId ?? ""}
            {...invalid("categoryId")}
          >
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
          {errorFor("categoryId")}
        </Field>
        <Field
          id="product-featured-rank"
          label="Featured rank"
          hint="0 to 1000: higher comes first in the store's Featured order."
        >
          <Input
            id="product-featured-rank"
            name="featuredRank"
            inputMode="numeric"
            defaultValue={String(product?.featuredRank ?? 0)}
            maxLength={4}
            aria-describedby="product-featured-rank-hint"
            {...invalid("featuredRank")}
          />
          {errorFor("featuredRank")}
        </Field>

        <PicturesFields
          // Saved: the fields become the saved pictures (a saved upload the main one).
          key={JSON.stringify([product?.imageUrl, product?.imageAlt, product?.images])}
          product={product}
          images={images}
          fileInput={fileInput}
          problems={problems}
          setProblem={setProblem}
        />
        <div className="sm:col-span-2">
          <DescriptionField
            initialHtml={product?.descriptionHtml ?? ""}
            invalid={problems.some((entry) => entry.field === "descriptionHtml")}
            errorId="product-descriptionHtml-error"
          />
          {errorFor("descriptionHtml")}
        </div>
      </div>
    </section>
  );
}

/**
 * A product and its variants in one form, saved together (all or nothing on the server). The
 * first variant is the default. A refused field shows its reason beside it.
 */
export function ProductEditor({
  detail,
  images,
  categories,
}: {
  detail: AdminProductDetail | null;
  images: readonly ImageChoice[];
  /** The categories a product may be put in. */
  categories: readonly { id: string; name: string }[];
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [variants, setVariants] = useState<VariantRow[]>(() => rowsOf(detail));
  const [options, setOptions] = useState<OptionRow[]>(() => optionsOf(detail));
  // Saved: the rows become the saved variants (new ones now have ids, stock as counted).
  const saved = JSON.stringify([detail?.variants ?? null, detail?.product.optionNames ?? null]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `saved` stands for `detail`'s variants.
  useEffect(() => {
    setVariants(rowsOf(detail));
    setOptions(optionsOf(detail));
  }, [saved]);
  const [problems, setProblems] = useState<NonNullable<FieldProblem>[]>([]);
  const setProblem = (one: FieldProblem) => setProblems(one ? [one] : []);
  const form = useRef<HTMLFormElement>(null);
  // The first field at fault takes the focus, once the refusal's messages are in the page.
  const focusFirstProblem = useRef(false);
  useEffect(() => {
    if (!focusFirstProblem.current || problems.length === 0) return;
    focusFirstProblem.current = false;
    form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [problems]);
  const { fetcher, busy } = useAccountForm("product-editor", (result) => {
    if (result.ok) {
      setProblems([]);
      // The upload is stored: saving again keeps it without sending the file twice.
      if (fileInput.current) fileInput.current.value = "";
      void showToast(detail ? "Product saved" : "Product created");
    } else {
      const all = result.problems ?? [
        { field: result.field, message: result.message ?? "Something went wrong" },
      ];
      setProblems(all);
      void showToast(detail ? "Product not saved" : "Product not created", {
        description:
          all.length > 1
            ? `${all.length} fields need a change: each says why beside it.`
            : (result.message ?? "Something went wrong"),
        tone: "error",
      });
      focusFirstProblem.current = true;
    }
  });
  const product = detail?.product;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      aria-label="Product"
      className="mt-6 space-y-6"
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      {product ? <input type="hidden" name="version" value={product.version} /> : null}
      <input type="hidden" name="variants" value={variantsField(options, variants)} />
      <input
        type="hidden"
        name="optionNames"
        value={JSON.stringify(options.map((option) => option.name))}
      />
      <DetailsSection
        product={product}
        categories={categories}
        images={images}
        fileInput={fileInput}
        problems={problems}
        setProblem={setProblem}
      />
      <VariantsSection
        pictures={savedPictures(detail)}
        options={options}
        setOptions={setOptions}
        variants={variants}
        setVariants={setVariants}
        problems={problems}
      />
      <SearchListingFields
        idPrefix="product"
        noun="product"
        written={product}
        problems={problems}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {detail ? "Save product" : "Create product"}
        </Button>
        {/* A new product may wait out of the shop, to be published from its page later. */}
        {detail ? null : (
          <Button type="submit" name="draft" value="on" variant="secondary" disabled={busy}>
            Save as draft
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}
