import type { FormEvent } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { showToast } from "~/lib/toast";
import { reviewAnswerMessage } from "./review-answer";

/**
 * The reports of one list of reviews: one fetcher for all of its Report buttons (a fetcher each
 * cost every review a share of the page's render), which are all disabled while a report is on
 * its way. The answer is a toast.
 */
export function useReviewReports() {
  const { fetcher, busy } = useAccountForm("report-review", (result) => {
    const { title, ...options } = reviewAnswerMessage(result);
    void showToast(title, options);
  });
  const report = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void fetcher.submit(event.currentTarget, {
      method: "post",
      action: event.currentTarget.getAttribute("action") ?? undefined,
    });
  };
  return { report, busy };
}

/**
 * "Report": a signed-in customer flags a review for the admin, once (a guest is asked to log in
 * first). The review stays up until an admin decides. A plain form: without JavaScript it posts
 * as it is.
 */
export function ReportReviewButton({
  productId,
  reviewId,
  title,
  reports,
}: {
  productId: string;
  reviewId: string;
  /** The review's title: each Report button names the review it is about. */
  title: string;
  reports: ReturnType<typeof useReviewReports>;
}) {
  return (
    <form
      method="post"
      action={`/product/${productId}/review`}
      onSubmit={reports.report}
      className="mt-3"
    >
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <button
        type="submit"
        disabled={reports.busy}
        aria-label={`Report review: ${title}`}
        className="text-sm text-ink-muted underline-offset-2 hover:text-ink hover:underline disabled:opacity-50"
      >
        Report
      </button>
    </form>
  );
}
