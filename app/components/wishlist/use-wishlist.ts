import { useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { useViewer, viewerStore } from "~/components/account/viewer-store";
import { showToast } from "~/lib/toast";

type WishlistProduct = { id: string; name: string };

async function failureMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "error" in body && typeof body.error === "string") {
      return body.error;
    }
  } catch {
    // Not JSON: fall through to the general message.
  }
  return "Please try again.";
}

/**
 * One product's place on the customer's wishlist. The saved ids come from GET /api/me (the viewer
 * store); a change goes to the API, shows at once, and then both the saved ids and the page's data
 * are read again, so every heart and the wishlist page agree with the database.
 */
export function useWishlist(product: WishlistProduct) {
  const viewer = useViewer();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  // The value being written, shown until the server has answered and the data is read again.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? viewer.wishlist.includes(product.id);

  async function setSaved(next: boolean, { quiet = false } = {}): Promise<boolean> {
    if (!(await viewerStore.known()).signedIn) {
      void showToast("Authentication Required", {
        description: "Please log in to save products to your wishlist.",
      });
      const here = location.pathname + location.search;
      navigate(`/login?${new URLSearchParams({ redirectTo: here })}`);
      return false;
    }
    if (pending !== null) return false;
    setPending(next);
    try {
      const response = await fetch(`/api/wishlist/${encodeURIComponent(product.id)}`, {
        method: next ? "PUT" : "DELETE",
      });
      if (!response.ok) throw new Error(await failureMessage(response));
      await Promise.all([viewerStore.refresh(), revalidator.revalidate()]);
      if (!quiet) {
        void showToast(next ? "Saved to Wishlist" : "Removed from Wishlist", {
          description: `${product.name} has been ${next ? "saved to" : "removed from"} your wishlist.`,
        });
      }
      return true;
    } catch (error) {
      const description = error instanceof Error ? error.message : "Please try again.";
      void showToast("Wishlist not updated", { description, tone: "error" });
      return false;
    } finally {
      setPending(null);
    }
  }

  return { saved, busy: pending !== null, setSaved };
}
