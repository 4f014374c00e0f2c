import type { CartProduct } from "@common/cart/cart-rules";
import { shopCalendarDay } from "@common/dates";
import {
  BOUGHT_GIFT_CARD_ITEM,
  type BoughtGiftCard,
  type GiftCardRange,
  giftCardAmountProblem,
} from "@common/gift-cards/gift-cards";
import { formatPence, formatPenceInText, parsePounds } from "@common/money";
import { type FormEvent, useState } from "react";
import { addToCart } from "~/components/cart/add-to-cart";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { type FieldProblem, fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

// A gift card into the cart (docs/storefront.md#gift-cards): an amount the shop sells or one of
// the shopper's own within its limits, and whom it is emailed to on which day. The checkout
// checks it all again; this form only saves a round trip for what it can see.

const CUSTOM = "custom";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** A line of its own for each card: its id is made here, never a catalogue variant's. */
function lineFor(card: BoughtGiftCard): CartProduct {
  const id =
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return {
    productId: BOUGHT_GIFT_CARD_ITEM,
    variantId: `${BOUGHT_GIFT_CARD_ITEM}:${id}`,
    name: "Gift card",
    imageUrl: "/images/gift-card.svg",
    variantName: `${formatPence(card.amountPence)}, for ${card.recipientEmail ?? "you"}`,
    pricePence: card.amountPence,
    stockQuantity: 1,
    maxPerOrder: 1,
    giftCard: card,
  };
}

/** The card the form describes, or the fields at fault. */
function cardFrom(
  form: FormData,
  range: GiftCardRange,
  forSomeone: boolean,
): BoughtGiftCard | NonNullable<FieldProblem>[] {
  const problems: NonNullable<FieldProblem>[] = [];
  const chosen = text(form, "amount");
  const amountPence =
    chosen === CUSTOM ? (parsePounds(text(form, "customAmount") ?? "") ?? 0) : Number(chosen);
  const amountProblem = giftCardAmountProblem(amountPence, range);
  if (amountProblem) {
    problems.push({ field: chosen === CUSTOM ? "customAmount" : "amount", message: amountProblem });
  }
  const recipientEmail = forSomeone ? text(form, "recipientEmail") : null;
  if (forSomeone && !(recipientEmail && EMAIL.test(recipientEmail))) {
    problems.push({
      field: "recipientEmail",
      message: "Please enter the recipient's email address.",
    });
  }
  const sendOn = forSomeone ? text(form, "sendOn") : null;
  if (sendOn && sendOn < shopCalendarDay(new Date())) {
    problems.push({ field: "sendOn", message: "Choose today or a later day." });
  }
  if (problems.length > 0) return problems;
  return {
    amountPence,
    recipientEmail: recipientEmail?.toLowerCase() ?? null,
    recipientName: forSomeone ? text(form, "recipientName") : null,
    senderName: forSomeone ? text(form, "senderName") : null,
    message: forSomeone ? text(form, "message") : null,
    sendOn,
  };
}

export function GiftCardBuyForm({ range }: { range: GiftCardRange }) {
  const [amount, setAmount] = useState(String(range.amountsPence[0] ?? CUSTOM));
  const [forSomeone, setForSomeone] = useState(true);
  const [problem, setProblem] = useState<NonNullable<FieldProblem>[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { errorFor, invalid } = fieldProblems("gift", problem ?? []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const card = cardFrom(new FormData(formElement), range, forSomeone);
    if (Array.isArray(card)) {
      setProblem(card);
      return;
    }
    setProblem(null);
    setBusy(true);
    if (await addToCart(lineFor(card), 1)) formElement.reset();
    setBusy(false);
  }

  const pill =
    "flex h-11 cursor-pointer items-center justify-center rounded-full border border-line bg-white px-5 text-sm font-semibold transition-tints has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:checked]:text-brand-strong has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand";
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-6"
      aria-label="Buy a gift card"
    >
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Amount</legend>
        <div className="flex flex-wrap gap-2">
          {range.amountsPence.map((pence) => (
            <label key={pence} className={pill}>
              <input
                type="radio"
                name="amount"
                value={pence}
                checked={amount === String(pence)}
                onChange={() => setAmount(String(pence))}
                className="sr-only"
              />
              {formatPenceInText(pence)}
            </label>
          ))}
          <label className={pill}>
            <input
              type="radio"
              name="amount"
              value={CUSTOM}
              checked={amount === CUSTOM}
              onChange={() => setAmount(CUSTOM)}
              className="sr-only"
            />
            Other amount
          </label>
        </div>
        {errorFor("amount")}
        {amount === CUSTOM ? (
          <Field
            id="gift-customAmount"
            label="Your amount (£)"
            hint={`${formatPenceInText(range.customMinPence)} to ${formatPenceInText(range.customMaxPence)}.`}
            className="max-w-xs"
          >
            <Input
              id="gift-customAmount"
              name="customAmount"
              inputMode="decimal"
              aria-describedby="gift-customAmount-hint"
              {...invalid("customAmount")}
            />
            {errorFor("customAmount")}
          </Field>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Who is it for?</legend>
        <div className="flex flex-wrap gap-2">
          <label className={pill}>
            <input
              type="radio"
              name="for"
              checked={forSomeone}
              onChange={() => setForSomeone(true)}
              className="sr-only"
            />
            Someone else
          </label>
          <label className={pill}>
            <input
              type="radio"
              name="for"
              checked={!forSomeone}
              onChange={() => setForSomeone(false)}
              className="sr-only"
            />
            Me
          </label>
        </div>
        <p className="text-sm text-ink-muted">
          {forSomeone
            ? "We email them the card on the day you choose, with your message."
            : "We email the card to your account's address once you have paid."}
        </p>
      </fieldset>

      {forSomeone ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="gift-recipientEmail" label="Their email">
            <Input
              id="gift-recipientEmail"
              name="recipientEmail"
              type="email"
              autoComplete="off"
              {...invalid("recipientEmail")}
            />
            {errorFor("recipientEmail")}
          </Field>
          <Field id="gift-recipientName" label="Their name (optional)">
            <Input id="gift-recipientName" name="recipientName" maxLength={100} />
          </Field>
          <Field
            id="gift-senderName"
            label="From (optional)"
            hint="Your name, as they will read it."
          >
            <Input
              id="gift-senderName"
              name="senderName"
              maxLength={100}
              aria-describedby="gift-senderName-hint"
            />
          </Field>
          <Field id="gift-sendOn" label="Send on (optional)" hint="Empty: as soon as you pay.">
            <Input
              id="gift-sendOn"
              name="sendOn"
              type="date"
              aria-describedby="gift-sendOn-hint"
              {...invalid("sendOn")}
            />
            {errorFor("sendOn")}
          </Field>
          <Field id="gift-message" label="Message (optional)" className="sm:col-span-2">
            <Textarea id="gift-message" name="message" height="sm" maxLength={500} />
          </Field>
        </div>
      ) : null}

      <Button type="submit" size="lg" disabled={busy}>
        Add to cart
      </Button>
    </form>
  );
}
