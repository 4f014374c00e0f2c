import type { DiscountKind } from "@common/discounts/discounts";
import { formatPence, penceToDecimalString } from "@common/money";
import type { RootData } from "@common/public-config";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { type FieldProblem, fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { showToast } from "~/lib/toast";
import { ScheduleFields, stateText } from "./discount-schedule-fields";
import { ProductPicker } from "./product-picker";

export type DiscountCodeView = {
  id: string;
  code: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOffPence: number | null;
  minSpendPence: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  productSlugs: string[];
  products: { slug: string; name: string }[];
  categoryIds: string[];
  active: boolean;
  usedCount: number;
  /** Sent back with a save: a save from a version since changed is refused. */
  version: number;
};

type CategoryChoice = { id: string; name: string };

/** What a code takes off, in the list's words: "10% off", "£5.00 off", "Free delivery". */
function offerText(code: DiscountCodeView): string {
  if (code.kind === "percent") return `${code.percentOff}% off`;
  if (code.kind === "fixed") return `${formatPence(code.amountOffPence ?? 0)} off`;
  return "Free delivery";
}

/** Every code's form, then one for a new code. */
export function DiscountCodeForms({
  codes,
  categories,
}: {
  codes: readonly DiscountCodeView[];
  categories: readonly CategoryChoice[];
}) {
  return (
    <div className="mt-6 space-y-6">
      {codes.map((code) => (
        <DiscountCodeForm key={code.id} code={code} categories={categories} />
      ))}
      <DiscountCodeForm code={null} categories={categories} />
    </div>
  );
}

type FieldsProps = {
  code: DiscountCodeView | null;
  /** The code's id, or "new": what the form's field ids start with. */
  formKey: string;
  problems: readonly NonNullable<FieldProblem>[];
};

/** Each field's id and its refusal, for one code's form. */
function fieldsOf(formKey: string, problems: FieldsProps["problems"]) {
  return {
    ...fieldProblems(`discount-${formKey}`, problems),
    id: (field: string) => `discount-${formKey}-${field}`,
  };
}

/** What the code takes off, and from what spend. */
function OfferFields({ code, formKey, problems }: FieldsProps) {
  const { errorFor, invalid, id } = fieldsOf(formKey, problems);
  const amount =
    code?.kind === "percent"
      ? String(code.percentOff ?? "")
      : code?.kind === "fixed"
        ? penceToDecimalString(code.amountOffPence ?? 0)
        : "";
  return (
    <>
      <Field id={id("code")} label="Code">
        <Input
          id={id("code")}
          name="code"
          defaultValue={code?.code ?? ""}
          maxLength={30}
          autoCapitalize="characters"
          {...invalid("code")}
        />
        {errorFor("code")}
      </Field>
      <Field id={id("kind")} label="Takes off">
        <Select id={id("kind")} name="kind" defaultValue={code?.kind ?? "percent"}>
          <option value="percent">A percentage</option>
          <option value="fixed">An amount (£)</option>
          <option value="free_delivery">The delivery</option>
        </Select>
      </Field>
      <Field
        id={id("amount")}
        label="Amount"
        hint="Percent (10) or pounds (5.00); empty for free delivery."
      >
        <Input
          id={id("amount")}
          name="amount"
          inputMode="decimal"
          defaultValue={amount}
          maxLength={10}
          aria-describedby={`${id("amount")}-hint`}
          {...invalid("amount")}
        />
        {errorFor("amount")}
      </Field>
      <Field id={id("minSpend")} label="Minimum spend (£, optional)">
        <Input
          id={id("minSpend")}
          name="minSpend"
          inputMode="decimal"
          defaultValue={code?.minSpendPence == null ? "" : penceToDecimalString(code.minSpendPence)}
          maxLength={10}
          {...invalid("minSpendPence")}
        />
        {errorFor("minSpendPence")}
      </Field>
    </>
  );
}

/** When the code holds, how often, and for which products. */
function LimitFields({
  code,
  formKey,
  problems,
  categories,
}: FieldsProps & { categories: readonly CategoryChoice[] }) {
  const { errorFor, invalid, id } = fieldsOf(formKey, problems);
  return (
    <>
      <ScheduleFields
        values={code}
        id={id}
        errorFor={errorFor}
        invalid={invalid}
        limitNoun="Uses"
      />
      <div className="sm:col-span-2">
        <ProductPicker
          label="Only these products (optional)"
          name="products"
          initial={code?.products ?? []}
          invalid={invalid("productSlugs")}
        />
        {errorFor("productSlugs")}
      </div>
      <Field id={id("category")} label="Or this category" className="sm:col-span-2">
        <Select id={id("category")} name="category" defaultValue={code?.categoryIds[0] ?? ""}>
          <option value="">Any product</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Select>
        {errorFor("categoryIds")}
      </Field>
    </>
  );
}

/**
 * One code's form (a new one when `code` is null), saved as a whole; each refused field shows its
 * reason beside it. Unticking Active pauses the code: it takes no new orders.
 */
function DiscountCodeForm({
  code,
  categories,
}: {
  code: DiscountCodeView | null;
  categories: readonly CategoryChoice[];
}) {
  const key = code?.id ?? "new";
  const [problems, setProblems] = useState<NonNullable<FieldProblem>[]>([]);
  const [formKey, setFormKey] = useState(0);
  const { fetcher, busy } = useAccountForm(`discount-${key}`, (result) => {
    if (result.ok) {
      setProblems([]);
      if (code) void showToast("Discount code saved");
      else {
        void showToast("Discount code created");
        setFormKey((value) => value + 1);
      }
      return;
    }
    const message = result.message ?? "Something went wrong";
    setProblems(result.problems ?? [{ field: result.field, message }]);
    void showToast(code ? "Discount code not saved" : "Discount code not created", {
      description: message,
      tone: "error",
    });
  });
  return (
    <fetcher.Form
      key={formKey}
      method="post"
      className={cardClass}
      aria-label={code ? `Discount code ${code.code}` : "New discount code"}
      noValidate
    >
      {code ? <input type="hidden" name="id" value={code.id} /> : null}
      {code ? <input type="hidden" name="version" value={code.version} /> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">
          {code ? `${code.code} · ${offerText(code)}` : "New discount code"}
        </h3>
        {code ? (
          <p className="text-sm text-ink-muted" data-testid="discount-usage">
            {stateText(code, new Date())} · Used {code.usedCount}
            {code.usageLimit === null ? "" : ` of ${code.usageLimit}`}
          </p>
        ) : null}
      </div>
      {code ? <CodeLink code={code.code} /> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <OfferFields code={code} formKey={key} problems={problems} />
        <LimitFields code={code} formKey={key} problems={problems} categories={categories} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="active"
            defaultChecked={code?.active ?? true}
            className="size-5 accent-brand"
          />
          Active
        </label>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {code ? "Save discount code" : "Create discount code"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The code's shareable link (`/discount/<CODE>`, docs/storefront.md#discount-links): it keeps the code
 * with a shopper's cart; `?redirect=/product/…` lands on a product instead of the home page.
 */
function CodeLink({ code }: { code: string }) {
  const root = useRouteLoaderData<RootData>("root");
  const link = `${root?.config.baseUrl ?? ""}/discount/${encodeURIComponent(code)}`;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
      <span>Link that applies it:</span>
      <code className="rounded bg-paper px-2 py-1 font-mono text-xs break-all text-ink">
        {link}
      </code>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => {
          void navigator.clipboard
            .writeText(link)
            .then(() => showToast("Link copied"))
            .catch(() => showToast("Link not copied", { description: link, tone: "error" }));
        }}
      >
        Copy link
      </Button>
    </p>
  );
}
