import { useNavigate } from "react-router";
import { showToast } from "~/lib/toast";
import { viewerStore } from "./viewer-store";

/** Signs out on the server (the session is deleted there), then goes home (docs/product.md#states). */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    try {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(`The shop answered ${response.status}.`);
      void showToast("Logged out successfully!");
      navigate("/", { defaultShouldRevalidate: true });
      void viewerStore.refresh();
    } catch (error) {
      void showToast("Sign out Failed", {
        description: error instanceof Error ? error.message : "Something went wrong",
        tone: "error",
      });
    }
  };
}
