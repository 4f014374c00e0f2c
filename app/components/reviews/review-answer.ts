import type { FormAnswer } from "@common/form-answer";
import type { ToastOptions } from "~/lib/toast";

/** What the shopper is told about a review form's answer: as a toast, or on the page without JavaScript. */
export type ReviewAnswerMessage = {
  title: string;
  description?: string;
  tone: NonNullable<ToastOptions["tone"]>;
};

/** The message for the answer to a review being saved, deleted or reported. */
export function reviewAnswerMessage(result: FormAnswer): ReviewAnswerMessage {
  const problem = result.message ?? "Something went wrong";
  if (result.intent === "report") {
    return result.ok
      ? {
          title: "Review reported",
          description: "Thank you: we will take a look.",
          tone: "default",
        }
      : { title: "Review not reported", description: problem, tone: "error" };
  }
  if (!result.ok) return { title: "Review not saved", description: problem, tone: "error" };
  return result.intent === "delete-review"
    ? { title: "Review deleted", tone: "default" }
    : {
        title: "Review saved",
        description: "Thank you for sharing what you think.",
        tone: "default",
      };
}
