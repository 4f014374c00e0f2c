import { CATALOGUE_ID } from "./catalog-types";

/**
 * What is personal on a public page: filled in the browser from GET /api/me, never rendered by
 * the server, so every shopper gets the same cached HTML for the same URL.
 */
export type Viewer = {
  signedIn: boolean;
  /** The ids of the products the signed-in customer saved, newest first; empty for guests. */
  wishlist: string[];
};

export const GUEST: Viewer = { signedIn: false, wishlist: [] };

/** Where the browser keeps the last answer, so the next page paints the right state at once. */
export const VIEWER_STORAGE_KEY = "gleam:viewer";

/** A stored or received viewer, or null when it is not one (old format, tampered storage). */
export function parseViewer(value: unknown): Viewer | null {
  if (!value || typeof value !== "object") return null;
  const { signedIn, wishlist } = value as Record<string, unknown>;
  if (typeof signedIn !== "boolean" || !Array.isArray(wishlist)) return null;
  if (!wishlist.every((id) => typeof id === "string" && CATALOGUE_ID.test(id))) return null;
  return { signedIn, wishlist: signedIn ? (wishlist as string[]) : [] };
}
