import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_TITLE_MAX } from "@common/reviews/ratings";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { type FieldProblem, fieldProblems } from "~/components/ui/field-problem";
import { Input } from "~/components/ui/input";
import { STAR_PATH } from "~/components/ui/stars";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/class-names";
import { showToast } from "~/lib/toast";
import { reviewAnswerMessage } from "./review-answer";

// The customer's review of one product: stars (five radio buttons drawn as stars: arrow keys move
// between them, and they work without JavaScript), a title and the text. Saving again edits it;
// the customer may also delete it. Refusals appear beside the field at fault.

function StarChoice({
  defaultValue,
  invalid,
}: {
  defaultValue: number | null;
  invalid: { "aria-invalid"?: true; "aria-describedby"?: string };
}) {
  const [chosen, setChosen] = useState(defaultValue ?? 0);
  return (
    <fieldset {...invalid}>
      <legend className="text-sm font-medium text-ink">Your rating</legend>
      <div className="mt-2 flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              required
              defaultChecked={defaultValue === star}
              onChange={() => setChosen(star)}
              className="sr-only"
            />
            <svg
              viewBox="0 0 24 24"
              className={cn("size-8", star <= chosen ? "text-amber" : "text-line")}
              aria-hidden="true"
            >
              <path d={STAR_PATH} fill="currentColor" stroke="#b45309" strokeWidth="0.6" />
            </svg>
            <span className="sr-only">
              {star} {star === 1 ? "star" : "stars"}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ReviewForm({
  productId,
  own,
}: {
  productId: string;
  own: { rating: number; title: string; body: string; hidden: boolean } | null;
}) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<FieldProblem>(null);
  const { fetcher, busy } = useAccountForm("review", (result) => {
    const { title, ...options } = reviewAnswerMessage(result);
    void showToast(title, options);
    if (result.ok) {
      setProblem(null);
      navigate(`/product/${productId}#reviews`);
    } else {
      setProblem({ field: result.field, message: result.message ?? "Something went wrong" });
    }
  });
  const { errorFor, invalid } = fieldProblems("review", problem);
  return (
    <fetcher.Form
      method="post"
      className="space-y-5 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
    >
      {own?.hidden ? (
        <p className="rounded-md bg-sky-soft p-3 text-sm">
          Our team has hidden this review from the shop. You can still edit it.
        </p>
      ) : null}
      <div className="space-y-2">
        <StarChoice defaultValue={own?.rating ?? null} invalid={invalid("rating")} />
        {errorFor("rating")}
      </div>
      <Field id="review-title" label="Title">
        <Input
          id="review-title"
          name="title"
          required
          maxLength={REVIEW_TITLE_MAX}
          defaultValue={own?.title}
          placeholder="What stood out?"
          {...invalid("title")}
        />
        {errorFor("title")}
      </Field>
      <Field
        id="review-body"
        label="Your review"
        hint={`At least ${REVIEW_BODY_MIN} characters. Please don't include personal details.`}
      >
        <Textarea
          id="review-body"
          name="body"
          required
          minLength={REVIEW_BODY_MIN}
          maxLength={REVIEW_BODY_MAX}
          defaultValue={own?.body}
          aria-describedby="review-body-hint"
          {...invalid("body")}
        />
        {errorFor("body")}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="review" disabled={busy}>
          {own ? "Save changes" : "Submit review"}
        </Button>
        {own ? (
          <Button
            type="submit"
            name="intent"
            value="delete-review"
            variant="secondary"
            disabled={busy}
            formNoValidate
          >
            Delete review
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
