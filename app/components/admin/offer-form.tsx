import type { OfferKind } from "@common/discounts/offers";
import { formatPenceInText, penceToDecimalString } from "@common/money";
import { useState } from "react";
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

// The admin's automatic offers (dashboard.admin-discounts, beside the codes, as they share its
// date and limit fields; server/discounts/offer-editor.ts): one form per offer, saved as a whole,
// and one for a new offer.

export type OfferView = {
  id: string;
  title: string;
  kind: OfferKind;
  buyQuantity: number | null;
  getQuantity: number | null;
  percentOff: number | null;
  products: { slug: string; name: string }[];
  spendOverPence: number | null;
  giftProductId: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
  usedCount: number;
  version: number;
};

type GiftChoice = { id: string; name: string };

/** The offer's terms in the list's words. */
function termsText(offer: OfferView, gifts: readonly GiftChoice[]): string {
  if (offer.kind === "spend_get") {
    const gift = gifts.find((choice) => choice.id === offer.giftProductId)?.name ?? "A product";
    return `${gift} free over ${formatPenceInText(offer.spendOverPence ?? 0)}`;
  }
  const get = offer.percentOff === 100 ? "free" : `${offer.percentOff}% off`;
  return `Buy ${offer.buyQuantity}, get ${offer.getQuantity} ${get}`;
}

export function OfferForms({
  offers,
  gifts,
}: {
  offers: readonly OfferView[];
  gifts: readonly GiftChoice[];
}) {
  return (
    <div className="mt-6 space-y-6">
      {offers.map((offer) => (
        <OfferForm key={offer.id} offer={offer} gifts={gifts} />
      ))}
      <OfferForm offer={null} gifts={gifts} />
    </div>
  );
}

function OfferForm({ offer, gifts }: { offer: OfferView | null; gifts: readonly GiftChoice[] }) {
  const key = offer?.id ?? "new";
  const [kind, setKind] = useState<OfferKind>(offer?.kind ?? "buy_get");
  const [problems, setProblems] = useState<NonNullable<FieldProblem>[]>([]);
  const [formKey, setFormKey] = useState(0);
  const { fetcher, busy } = useAccountForm(`offer-${key}`, (result) => {
    if (result.ok) {
      setProblems([]);
      if (offer) void showToast("Offer saved");
      else {
        void showToast("Offer created");
        setFormKey((value) => value + 1);
        setKind("buy_get");
      }
      return;
    }
    const message = result.message ?? "Something went wrong";
    setProblems(result.problems ?? [{ field: result.field, message }]);
    void showToast(offer ? "Offer not saved" : "Offer not created", {
      description: message,
      tone: "error",
    });
  });
  const { errorFor, invalid } = fieldProblems(`offer-${key}`, problems);
  const id = (field: string) => `offer-${key}-${field}`;
  const whole = (field: string, label: string, name: string, value: number | null) => (
    <Field id={id(name)} label={label}>
      <Input
        id={id(name)}
        name={name}
        inputMode="numeric"
        defaultValue={value === null ? "" : String(value)}
        maxLength={3}
        {...invalid(field)}
      />
      {errorFor(field)}
    </Field>
  );
  return (
    <fetcher.Form
      key={formKey}
      method="post"
      className={cardClass}
      aria-label={offer ? `Offer ${offer.title}` : "New offer"}
      noValidate
    >
      {offer ? <input type="hidden" name="id" value={offer.id} /> : null}
      {offer ? <input type="hidden" name="version" value={offer.version} /> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">
          {offer ? `${offer.title} · ${termsText(offer, gifts)}` : "New offer"}
        </h3>
        {offer ? (
          <p className="text-sm text-ink-muted" data-testid="offer-usage">
            {stateText(offer, new Date())} · Orders {offer.usedCount}
            {offer.usageLimit === null ? "" : ` of ${offer.usageLimit}`}
          </p>
        ) : null}
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id={id("title")} label="Name shoppers see" className="sm:col-span-2">
          <Input
            id={id("title")}
            name="title"
            defaultValue={offer?.title ?? ""}
            maxLength={60}
            {...invalid("title")}
          />
          {errorFor("title")}
        </Field>
        <Field id={id("kind")} label="Kind" className="sm:col-span-2">
          <Select
            id={id("kind")}
            name="kind"
            value={kind}
            onChange={(event) =>
              setKind(event.target.value === "spend_get" ? "spend_get" : "buy_get")
            }
          >
            <option value="buy_get">Buy some, get more free or off</option>
            <option value="spend_get">A free product over a spend</option>
          </Select>
        </Field>
        {kind === "buy_get" ? (
          <>
            {whole("buyQuantity", "Buy", "buy", offer?.buyQuantity ?? 2)}
            {whole("getQuantity", "Get", "get", offer?.getQuantity ?? 1)}
            {whole(
              "percentOff",
              "Percent off those (100: free)",
              "percent",
              offer?.percentOff ?? 100,
            )}
            <div className="sm:col-span-2 lg:col-span-4">
              <ProductPicker
                label="Of these products"
                name="products"
                initial={offer?.products ?? []}
                invalid={invalid("productSlugs")}
                noneChosen="Choose at least one: the items bought and got are of these."
              />
              {errorFor("productSlugs")}
            </div>
          </>
        ) : (
          <>
            <Field id={id("spendOver")} label="Orders over (£)">
              <Input
                id={id("spendOver")}
                name="spendOver"
                inputMode="decimal"
                defaultValue={
                  offer?.spendOverPence == null ? "" : penceToDecimalString(offer.spendOverPence)
                }
                maxLength={10}
                {...invalid("spendOverPence")}
              />
              {errorFor("spendOverPence")}
            </Field>
            <Field id={id("gift")} label="Get this product free" className="lg:col-span-3">
              <Select
                id={id("gift")}
                name="gift"
                defaultValue={offer?.giftProductId ?? ""}
                {...invalid("giftProductId")}
              >
                <option value="">Choose a product</option>
                {gifts.map((gift) => (
                  <option key={gift.id} value={gift.id}>
                    {gift.name}
                  </option>
                ))}
              </Select>
              {errorFor("giftProductId")}
            </Field>
          </>
        )}
        <ScheduleFields
          values={offer}
          id={id}
          errorFor={errorFor}
          invalid={invalid}
          limitNoun="Orders"
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="active"
            defaultChecked={offer?.active ?? true}
            className="size-5 accent-brand"
          />
          Active
        </label>
        <Button type="submit" name="intent" value="save-offer" disabled={busy}>
          {offer ? "Save offer" : "Create offer"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
