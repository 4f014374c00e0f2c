import type { PricingSettings } from "@common/checkout/pricing";
import { cutoffClock, workingDaysText } from "@common/delivery/delivery";
import { formatPence, penceToDecimalString } from "@common/money";
import { useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { type FieldProblem, fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { ShopLink } from "~/components/ui/shop-link";
import { showToast } from "~/lib/toast";

export type DeliveryMethodView = {
  id: string;
  name: string;
  standard: boolean;
  pricePence: number | null;
  freeOverPence: number | null;
  minWorkingDays: number;
  maxWorkingDays: number;
  cutoffMinutes: number;
  active: boolean;
  position: number;
  /** Sent back with a save: a save from a version since changed is refused. */
  version: number;
};

/** Every delivery method's form, then one for a new method. */
export function DeliveryMethodForms({
  methods,
  standardPricing,
}: {
  methods: readonly DeliveryMethodView[];
  /** The settings' rate and threshold, which price the standard delivery. */
  standardPricing: PricingSettings;
}) {
  return (
    <div className="mt-6 space-y-6">
      {methods.map((method) => (
        <DeliveryMethodForm key={method.id} method={method} standardPricing={standardPricing} />
      ))}
      <DeliveryMethodForm method={null} standardPricing={standardPricing} />
    </div>
  );
}

/**
 * One method's form (a new one when `method` is null), saved as a whole; each refused field shows
 * its reason beside it. The standard delivery has no price fields (Settings hold its price) and
 * cannot be switched off.
 */
function DeliveryMethodForm({
  method,
  standardPricing,
}: {
  method: DeliveryMethodView | null;
  standardPricing: PricingSettings;
}) {
  const key = method?.id ?? "new";
  const [problems, setProblems] = useState<NonNullable<FieldProblem>[]>([]);
  const [formKey, setFormKey] = useState(0);
  const { fetcher, busy } = useAccountForm(`delivery-${key}`, (result) => {
    if (result.ok) {
      setProblems([]);
      if (method) void showToast("Delivery method saved");
      else {
        void showToast("Delivery method created");
        setFormKey((value) => value + 1);
      }
      return;
    }
    const message = result.message ?? "Something went wrong";
    setProblems(result.problems ?? [{ field: result.field, message }]);
    void showToast(method ? "Delivery method not saved" : "Delivery method not created", {
      description: message,
      tone: "error",
    });
  });
  const { errorFor, invalid } = fieldProblems(`delivery-${key}`, problems);
  const id = (field: string) => `delivery-${key}-${field}`;
  const standard = method?.standard === true;
  const title = method ? method.name : "New delivery method";
  return (
    <fetcher.Form
      key={formKey}
      method="post"
      className={cardClass}
      aria-label={method ? `Delivery method ${method.name}` : "New delivery method"}
      noValidate
    >
      {method ? <input type="hidden" name="id" value={method.id} /> : null}
      {method ? <input type="hidden" name="version" value={method.version} /> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {method ? (
          <p className="text-sm text-ink-muted">
            {standard ? "Standard · always offered" : method.active ? "Active" : "Off"} ·{" "}
            {workingDaysText(method.minWorkingDays, method.maxWorkingDays)}
          </p>
        ) : null}
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id={id("name")} label="Name" className="sm:col-span-2">
          <Input
            id={id("name")}
            name="name"
            defaultValue={method?.name ?? ""}
            maxLength={60}
            {...invalid("name")}
          />
          {errorFor("name")}
        </Field>
        {standard ? (
          <p className="text-sm text-ink-muted sm:col-span-2 sm:self-end">
            {formatPence(standardPricing.shippingFlatRatePence)}, free over{" "}
            {formatPence(standardPricing.freeShippingOverPence)}: the announcement bar and the
            shipping page say so.{" "}
            <ShopLink
              to="/dashboard/admin-settings"
              className="font-medium text-brand-strong underline underline-offset-2"
            >
              Change in Settings
            </ShopLink>
          </p>
        ) : (
          <>
            <Field id={id("price")} label="Price (£)">
              <Input
                id={id("price")}
                name="price"
                inputMode="decimal"
                defaultValue={penceToDecimalString(method?.pricePence ?? 0)}
                maxLength={10}
                {...invalid("pricePence")}
              />
              {errorFor("pricePence")}
            </Field>
            <Field
              id={id("freeOver")}
              label="Free over (£)"
              hint="Leave empty if it is never free."
            >
              <Input
                id={id("freeOver")}
                name="freeOver"
                inputMode="decimal"
                defaultValue={
                  method?.freeOverPence == null ? "" : penceToDecimalString(method.freeOverPence)
                }
                maxLength={10}
                aria-describedby={`${id("freeOver")}-hint`}
                {...invalid("freeOverPence")}
              />
              {errorFor("freeOverPence")}
            </Field>
          </>
        )}
        <Field id={id("minWorkingDays")} label="Soonest (working days)">
          <Input
            id={id("minWorkingDays")}
            name="minWorkingDays"
            inputMode="numeric"
            defaultValue={String(method?.minWorkingDays ?? 2)}
            maxLength={2}
            {...invalid("minWorkingDays")}
          />
          {errorFor("minWorkingDays")}
        </Field>
        <Field id={id("maxWorkingDays")} label="Latest (working days)">
          <Input
            id={id("maxWorkingDays")}
            name="maxWorkingDays"
            inputMode="numeric"
            defaultValue={String(method?.maxWorkingDays ?? 3)}
            maxLength={2}
            {...invalid("maxWorkingDays")}
          />
          {errorFor("maxWorkingDays")}
        </Field>
        <Field
          id={id("cutoff")}
          label="Cut-off (UK time)"
          hint="Paid before this on a working day, it leaves that day."
        >
          <Input
            id={id("cutoff")}
            name="cutoff"
            type="time"
            defaultValue={cutoffClock(method?.cutoffMinutes ?? 840)}
            aria-describedby={`${id("cutoff")}-hint`}
            {...invalid("cutoffMinutes")}
          />
          {errorFor("cutoffMinutes")}
        </Field>
        <Field id={id("position")} label="Position">
          <Input
            id={id("position")}
            name="position"
            inputMode="numeric"
            defaultValue={String(method?.position ?? 10)}
            maxLength={4}
            {...invalid("position")}
          />
          {errorFor("position")}
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        {standard ? (
          <input type="hidden" name="active" value="on" />
        ) : (
          <label className="flex items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              name="active"
              defaultChecked={method?.active ?? true}
              className="size-5 accent-brand"
            />
            Offered at checkout
          </label>
        )}
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {method ? "Save delivery method" : "Create delivery method"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
