import { formatShopDay, shopCalendarDay } from "@common/dates";
import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

// When a discount code or an automatic offer holds and how often (server/discounts/discount-form.ts
// reads these fields for both): its first and last days, its uses in all and per customer, and
// where it stands today.

/** The day a moment falls on in London; the last day is the one before the moment it ends. */
const dayText = (moment: Date | null, lastDay = false) =>
  moment
    ? formatShopDay(shopCalendarDay(new Date(new Date(moment).getTime() - (lastDay ? 1 : 0))))
    : "";

/** Where a code or an offer stands today: paused, not started, ended, used up, or live. */
export function stateText(
  terms: {
    active: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
    usageLimit: number | null;
    usedCount: number;
  },
  now: Date,
): string {
  if (!terms.active) return "Paused";
  if (terms.startsAt && new Date(terms.startsAt) > now) return "Scheduled";
  if (terms.endsAt && new Date(terms.endsAt) <= now) return "Ended";
  if (terms.usageLimit !== null && terms.usedCount >= terms.usageLimit) return "Used up";
  return "Active";
}

export function ScheduleFields({
  values,
  id,
  errorFor,
  invalid,
  limitNoun,
}: {
  /** The saved terms; null for a new one (one use per customer by default). */
  values: {
    startsAt: Date | null;
    endsAt: Date | null;
    usageLimit: number | null;
    perCustomerLimit: number | null;
  } | null;
  id: (field: string) => string;
  errorFor: (field: string) => ReactNode;
  invalid: (field: string) => object;
  /** "Uses" of a code, "Orders" of an offer. */
  limitNoun: string;
}) {
  return (
    <>
      <Field id={id("startsOn")} label="First day (optional)" hint="dd/mm/yyyy">
        <Input
          id={id("startsOn")}
          name="startsOn"
          defaultValue={dayText(values?.startsAt ?? null)}
          maxLength={10}
          aria-describedby={`${id("startsOn")}-hint`}
          {...invalid("startsAt")}
        />
        {errorFor("startsAt")}
      </Field>
      <Field id={id("endsOn")} label="Last day (optional)" hint="dd/mm/yyyy">
        <Input
          id={id("endsOn")}
          name="endsOn"
          defaultValue={dayText(values?.endsAt ?? null, true)}
          maxLength={10}
          aria-describedby={`${id("endsOn")}-hint`}
          {...invalid("endsAt")}
        />
        {errorFor("endsAt")}
      </Field>
      <Field id={id("usageLimit")} label={`${limitNoun} in all (optional)`}>
        <Input
          id={id("usageLimit")}
          name="usageLimit"
          inputMode="numeric"
          defaultValue={values?.usageLimit == null ? "" : String(values.usageLimit)}
          maxLength={7}
          {...invalid("usageLimit")}
        />
        {errorFor("usageLimit")}
      </Field>
      <Field id={id("perCustomerLimit")} label={`${limitNoun} per customer (optional)`}>
        <Input
          id={id("perCustomerLimit")}
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={values ? (values.perCustomerLimit?.toString() ?? "") : "1"}
          maxLength={7}
          {...invalid("perCustomerLimit")}
        />
        {errorFor("perCustomerLimit")}
      </Field>
    </>
  );
}
