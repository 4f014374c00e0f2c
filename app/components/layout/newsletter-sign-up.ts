import { showToast } from "~/lib/toast";

// The footer's sign-up sent (newsletter-form.tsx imports this on submit: every page has the form,
// few visitors send it, so its code stays out of the first load).

const FAILED = "We could not sign you up. Please try again.";

/** Posts the address with the page it was given on, and says how it went; true when it went. */
export async function signUpForNewsletter(email: string): Promise<boolean> {
  try {
    const response = await fetch("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email, page: window.location.pathname }),
    });
    if (response.ok) {
      void showToast("Subscribed! 🎉", {
        description:
          "Thanks for joining our newsletter. Check your inbox and confirm, then look out for special offers!",
      });
      return true;
    }
    const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
    void showToast("Not subscribed", {
      description: typeof answer?.error === "string" ? answer.error : FAILED,
      tone: "error",
    });
  } catch {
    void showToast("Not subscribed", { description: FAILED, tone: "error" });
  }
  return false;
}
