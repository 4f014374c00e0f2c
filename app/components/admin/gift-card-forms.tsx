import { formatGiftCardCode, type GiftCardRange } from "@common/gift-cards/gift-cards";
import { formatPence, penceToDecimalString } from "@common/money";
import { useEffect, useRef, useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { type FieldProblem, fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { ShopLink } from "~/components/ui/shop-link";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";
import { SettingsPartForm } from "./settings-part-form";
import { useConfirmedSubmit } from "./use-confirmed-submit";

// The admin's gift card forms (dashboard.admin-gift-cards, dashboard.admin-gift-card): issue a
// card, change its balance with a reason, disable or enable it. The server checks and audits
// each; a change of money is asked first.

type IssuedCard = { id: string; code: string };

const isIssuedCard = (reply: unknown): reply is IssuedCard =>
  typeof (reply as IssuedCard | null)?.id === "string" &&
  typeof (reply as IssuedCard | null)?.code === "string";

/** The code of the card just issued, shown this once: the shop keeps only its last four. */
function IssuedCode({ card }: { card: IssuedCard }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="gift-card-issued-heading"
      className="rounded-xl border border-brand/40 bg-brand-soft p-4"
    >
      <h3 id="gift-card-issued-heading" ref={heading} tabIndex={-1} className="font-semibold">
        Gift card issued
      </h3>
      <p
        className="mt-2 font-mono text-xl font-semibold tracking-wider break-all"
        data-testid="gift-card-code"
      >
        {formatGiftCardCode(card.code)}
      </p>
      <p className="mt-2 text-sm">
        Copy the code now to hand it over: it is not shown again (the shop keeps only its last four
        characters). With a recipient, it is in their email.
      </p>
      <ShopLink
        to={`/dashboard/admin-gift-cards/${card.id}`}
        className="mt-2 inline-block text-sm font-medium text-brand-strong underline-offset-2 hover:underline"
      >
        Open the card
      </ShopLink>
    </section>
  );
}

/** The issue form's post: the card just issued (its code, this once), or the problems said. */
function useIssueGiftCard() {
  const [problem, setProblem] = useState<FieldProblem | NonNullable<FieldProblem>[]>(null);
  const [issued, setIssued] = useState<IssuedCard | null>(null);
  const { fetcher, busy } = useAccountForm("gift-card-issue", (result) => {
    if (result.ok) {
      setProblem(null);
      if (isIssuedCard(result.reply)) {
        setIssued(result.reply);
        void showToast("Gift card issued");
      }
      return;
    }
    setIssued(null);
    const message = result.message ?? "Something went wrong";
    setProblem(result.problems ?? { field: result.field, message });
    void showToast("Gift card not issued", { description: message, tone: "error" });
  });
  return { problem, issued, fetcher, busy };
}

/** Issue a card: its amount, and whom to email it to on which day (or none: handed over by hand). */
export function IssueGiftCardForm() {
  const { problem, issued, fetcher, busy } = useIssueGiftCard();
  const asking = useConfirmedSubmit(fetcher);
  const { errorFor, invalid } = fieldProblems("gift-card", problem);
  return (
    <fetcher.Form
      method="post"
      aria-labelledby="gift-card-issue-heading"
      className={`${cardClass} space-y-5`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const amount = new FormData(form).get("amount");
        asking.ask(form, {
          title: `Issue a gift card of ${typeof amount === "string" && amount ? amount.replace(/^£?/, "£") : "this amount"}?`,
          detail:
            "It can pay for orders as soon as it is issued. With a recipient, its code is emailed on the day chosen.",
          confirmLabel: "Issue gift card",
          busyLabel: "Issuing…",
        });
      }}
    >
      <h2 id="gift-card-issue-heading" className="text-lg font-semibold">
        Issue a gift card
      </h2>
      <input type="hidden" name="intent" value="issue" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="gift-card-amount" label="Amount (£)">
          <Input
            id="gift-card-amount"
            name="amount"
            inputMode="decimal"
            placeholder="25.00"
            {...invalid("amount")}
          />
          {errorFor("amount")}
        </Field>
        <Field id="gift-card-sendOn" label="Send on (optional)" hint="dd/mm/yyyy; empty: today.">
          <Input
            id="gift-card-sendOn"
            name="sendOn"
            placeholder="24/12/2026"
            aria-describedby="gift-card-sendOn-hint"
            {...invalid("sendOn")}
          />
          {errorFor("sendOn")}
        </Field>
        <Field id="gift-card-recipientEmail" label="Recipient's email (optional)">
          <Input
            id="gift-card-recipientEmail"
            name="recipientEmail"
            type="email"
            autoComplete="off"
            {...invalid("recipientEmail")}
          />
          {errorFor("recipientEmail")}
        </Field>
        <Field id="gift-card-recipientName" label="Recipient's name (optional)">
          <Input
            id="gift-card-recipientName"
            name="recipientName"
            maxLength={100}
            {...invalid("recipientName")}
          />
          {errorFor("recipientName")}
        </Field>
        <Field id="gift-card-senderName" label="From (optional)">
          <Input
            id="gift-card-senderName"
            name="senderName"
            maxLength={100}
            {...invalid("senderName")}
          />
          {errorFor("senderName")}
        </Field>
      </div>
      <Field id="gift-card-message" label="Message (optional)">
        <Textarea
          id="gift-card-message"
          name="message"
          height="sm"
          maxLength={500}
          {...invalid("message")}
        />
        {errorFor("message")}
      </Field>
      <Button type="submit" disabled={asking.busy}>
        Issue gift card
      </Button>
      {asking.dialog}
      {busy ? <span className="sr-only">Issuing…</span> : null}
      {issued ? <IssuedCode key={issued.id} card={issued} /> : null}
    </fetcher.Form>
  );
}

/** Add to or take from a card's balance, with the reason its history keeps. */
export function AdjustGiftCardForm({
  id,
  version,
  balancePence,
}: {
  id: string;
  version: number;
  balancePence: number;
}) {
  const [problem, setProblem] = useState<FieldProblem | NonNullable<FieldProblem>[]>(null);
  const { fetcher } = useAccountForm(`gift-card-adjust-${id}`, (result) => {
    if (result.ok) {
      setProblem(null);
      void showToast("Balance changed", { description: "The card's history shows why." });
      return;
    }
    const message = result.message ?? "Something went wrong";
    setProblem(result.problems ?? { field: result.field, message });
    void showToast("Balance not changed", { description: message, tone: "error" });
  });
  const asking = useConfirmedSubmit(fetcher);
  const { errorFor, invalid } = fieldProblems("gift-card-adjust", problem);
  return (
    <fetcher.Form
      method="post"
      aria-labelledby="gift-card-adjust-heading"
      className={`${cardClass} space-y-4`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const change = String(new FormData(form).get("change") ?? "").trim();
        asking.ask(form, {
          title: `Change the balance by ${change || "this amount"}?`,
          detail: `It holds ${formatPence(balancePence)} now. The change and your reason go in its history and the audit log.`,
          confirmLabel: "Change balance",
          busyLabel: "Changing…",
        });
      }}
    >
      <h2 id="gift-card-adjust-heading" className="text-lg font-semibold">
        Change the balance
      </h2>
      <input type="hidden" name="intent" value="adjust" />
      <input type="hidden" name="version" value={version} />
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field id="gift-card-adjust-change" label="Change (£)" hint="5.00 adds; -5.00 takes off.">
          <Input
            id="gift-card-adjust-change"
            name="change"
            inputMode="decimal"
            aria-describedby="gift-card-adjust-change-hint"
            {...invalid("change")}
          />
          {errorFor("change")}
        </Field>
        <Field id="gift-card-adjust-reason" label="Reason">
          <Input
            id="gift-card-adjust-reason"
            name="reason"
            maxLength={300}
            {...invalid("reason")}
          />
          {errorFor("reason")}
        </Field>
      </div>
      <Button type="submit" variant="secondary" disabled={asking.busy}>
        Change balance
      </Button>
      {asking.dialog}
    </fetcher.Form>
  );
}

/** Disable a card (it pays for nothing) or enable it again. */
export function GiftCardStatusForm({
  version,
  status,
}: {
  version: number;
  status: "active" | "disabled";
}) {
  const { fetcher } = useAccountForm("gift-card-status", (result) => {
    if (result.ok) {
      void showToast(status === "active" ? "Gift card enabled" : "Gift card disabled");
    } else {
      void showToast("Gift card not changed", { description: result.message, tone: "error" });
    }
  });
  const asking = useConfirmedSubmit(fetcher);
  const disabling = status === "active";
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        asking.ask(event.currentTarget, {
          title: disabling ? "Disable this gift card?" : "Enable this gift card?",
          detail: disabling
            ? "It pays for nothing until enabled again. Its balance is kept, and orders already paid with it stand."
            : "It can pay for orders again, up to its balance.",
          confirmLabel: disabling ? "Disable" : "Enable",
          busyLabel: disabling ? "Disabling…" : "Enabling…",
        });
      }}
    >
      <input type="hidden" name="intent" value={disabling ? "disable" : "enable"} />
      <input type="hidden" name="version" value={version} />
      <Button type="submit" variant="secondary" disabled={asking.busy}>
        {disabling ? "Disable gift card" : "Enable gift card"}
      </Button>
      {asking.dialog}
    </fetcher.Form>
  );
}

/** What the shop sells on its gift card page: the amounts, and a custom amount's limits. */
export function GiftCardSellingForm({ range, version }: { range: GiftCardRange; version: number }) {
  const pounds = (pence: number) => penceToDecimalString(pence).replace(/\.00$/, "");
  return (
    <SettingsPartForm
      heading="Gift cards on sale"
      intent="selling"
      version={version}
      submitLabel="Save gift cards"
      savedDescription="The gift card page shows them now."
      description={
        <p>
          The amounts shoppers pick from on the gift card page, and the smallest and largest they
          may type instead (£1 to £1,000).
        </p>
      }
      fields={(problem) => (
        <>
          <Field id="gift-card-amounts" label="Amounts (£, comma-separated)" className="w-64">
            <Input
              id="gift-card-amounts"
              name="giftCardAmounts"
              defaultValue={range.amountsPence.map(pounds).join(", ")}
              aria-invalid={problem.message ? true : undefined}
              aria-describedby={problem.message ? problem.id : undefined}
            />
          </Field>
          <Field id="gift-card-custom-min" label="Smallest custom (£)" className="w-40">
            <Input
              id="gift-card-custom-min"
              name="giftCardCustomMin"
              inputMode="decimal"
              defaultValue={pounds(range.customMinPence)}
            />
          </Field>
          <Field id="gift-card-custom-max" label="Largest custom (£)" className="w-40">
            <Input
              id="gift-card-custom-max"
              name="giftCardCustomMax"
              inputMode="decimal"
              defaultValue={pounds(range.customMaxPence)}
            />
          </Field>
        </>
      )}
    />
  );
}
