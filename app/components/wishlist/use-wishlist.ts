import { useState } from "react";
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import type { RootData } from "~/lib/public-config";
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
 * One product's place on the customer's wishlist. The saved ids come with the root loader; a
 * change goes to the API, shows at once, and the page's data is then read again, so every heart
 * and the wishlist page agree with the database.
 */
export function useWishlist(product: WishlistProduct) {
  const root = useRouteLoaderData<RootData>("root");
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  // The value being written, shown until the server has answered and the data is read again.
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? root?.wishlist.includes(product.id) ?? false;

  async function setSaved(next: boolean, { quiet = false } = {}): Promise<boolean> {
    if (!root?.signedIn) {
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
      await revalidator.revalidate();
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
