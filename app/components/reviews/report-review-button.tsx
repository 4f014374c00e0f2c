import { useAccountForm } from "~/components/account/use-account-form";
import { showToast } from "~/lib/toast";

/**
 * "Report": a signed-in customer flags a review for the admin, once (a guest is asked to log in
 * first). The review stays up until an admin decides.
 */
export function ReportReviewButton({
  productId,
  reviewId,
  title,
}: {
  productId: string;
  reviewId: string;
  /** The review's title: each Report button names the review it is about. */
  title: string;
}) {
  const { fetcher, busy } = useAccountForm(`report-${reviewId}`, (result) => {
    if (result.ok) {
      void showToast("Review reported", { description: "Thank you: we will take a look." });
    } else {
      void showToast("Review not reported", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <fetcher.Form method="post" action={`/product/${productId}/review`} className="mt-3">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`Report review: ${title}`}
        className="text-sm text-ink-muted underline-offset-2 hover:text-ink hover:underline disabled:opacity-50"
      >
        Report
      </button>
    </fetcher.Form>
  );
}
