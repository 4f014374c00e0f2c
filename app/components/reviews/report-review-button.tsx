import type { FormEvent, ReactNode } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { showToast } from "~/lib/toast";
import { reviewAnswerMessage } from "./review-answer";

/**
 * The reports of one list of reviews: one form around the list and one fetcher for all of its
 * Report buttons (a form and a fetcher each cost every review a share of the page's render), which
 * are all disabled while a report is on its way. The answer is a toast.
 */
export function useReviewReports() {
  const { fetcher, busy } = useAccountForm("report-review", (result) => {
    const { title, ...options } = reviewAnswerMessage(result);
    void showToast(title, options);
  });
  const report = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The button pressed names the review: React Router sends the form with the button's value.
    const { submitter } = event.nativeEvent as SubmitEvent;
    void fetcher.submit(submitter instanceof HTMLButtonElement ? submitter : event.currentTarget, {
      method: "post",
      action: event.currentTarget.getAttribute("action") ?? undefined,
    });
  };
  return { report, busy };
}

/**
 * The form the Report buttons of a list of reviews send: a plain form, so without JavaScript it
 * posts as it is, with the pressed button's review.
 */
export function ReportReviewsForm({
  productId,
  reports,
  children,
}: {
  productId: string;
  reports: ReturnType<typeof useReviewReports>;
  children: ReactNode;
}) {
  return (
    <form method="post" action={`/product/${productId}/review`} onSubmit={reports.report}>
      <input type="hidden" name="intent" value="report" />
      {children}
    </form>
  );
}

/**
 * "Report": a signed-in customer flags a review for the admin, once (a guest is asked to log in
 * first). The review stays up until an admin decides. Inside a ReportReviewsForm.
 */
export function ReportReviewButton({
  reviewId,
  title,
  reports,
}: {
  reviewId: string;
  /** The review's title: each Report button names the review it is about. */
  title: string;
  reports: ReturnType<typeof useReviewReports>;
}) {
  return (
    <button
      type="submit"
      name="reviewId"
      value={reviewId}
      disabled={reports.busy}
      aria-label={`Report review: ${title}`}
      className="mt-3 text-sm text-ink-muted underline-offset-2 hover:text-ink hover:underline disabled:opacity-50"
    >
      Report
    </button>
  );
}
