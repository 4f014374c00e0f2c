import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, type SearchListing } from "@common/seo";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { type FieldProblem, fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

/**
 * What search engines and link previews show of a product or a category: a title and a
 * description, each optional. Left empty, the page's own name and text stand in (the hints say
 * which), so most never need writing.
 */
export function SearchListingFields({
  idPrefix,
  noun,
  written,
  problems,
  framed = true,
}: {
  /** "product" or "category-<id>": the fields' ids and their messages' ids start with it. */
  idPrefix: string;
  noun: string;
  written: SearchListing | undefined;
  problems: FieldProblem | readonly NonNullable<FieldProblem>[];
  /** A card of its own (the product editor), or a group inside the form's card (a category's). */
  framed?: boolean;
}) {
  const { errorFor, invalid } = fieldProblems(idPrefix, problems);
  const titleId = `${idPrefix}-seo-title`;
  const descriptionId = `${idPrefix}-seo-description`;
  const fields = (
    <>
      <Field
        id={titleId}
        label="Search title"
        hint={`Up to ${SEO_TITLE_MAX} characters, shown whole. Left empty: the ${noun}'s name and the shop's.`}
      >
        <Input
          id={titleId}
          name="seoTitle"
          defaultValue={written?.seoTitle ?? ""}
          maxLength={SEO_TITLE_MAX}
          aria-describedby={`${titleId}-hint`}
          {...invalid("seoTitle")}
        />
        {errorFor("seoTitle")}
      </Field>
      <Field
        id={descriptionId}
        label="Search description"
        hint={`Up to ${SEO_DESCRIPTION_MAX} characters. Left empty: the start of the ${noun}'s description.`}
      >
        <Textarea
          id={descriptionId}
          name="seoDescription"
          height="sm"
          defaultValue={written?.seoDescription ?? ""}
          maxLength={SEO_DESCRIPTION_MAX}
          aria-describedby={`${descriptionId}-hint`}
          {...invalid("seoDescription")}
        />
        {errorFor("seoDescription")}
      </Field>
    </>
  );
  if (!framed) {
    return (
      <fieldset className="grid gap-4 sm:col-span-3">
        <legend className="mb-2 text-base font-semibold">Search engine listing</legend>
        {fields}
      </fieldset>
    );
  }
  return (
    <section className={cardClass} aria-labelledby={`${idPrefix}-seo-heading`}>
      <h2 id={`${idPrefix}-seo-heading`} className="text-lg font-semibold">
        Search engine listing
      </h2>
      <div className="mt-4 grid gap-4">{fields}</div>
    </section>
  );
}
