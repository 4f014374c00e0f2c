import { CATALOGUE_ID } from "../catalog/catalog-types";

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

/**
 * A cookie the page may read that says only that a session exists, never whose: set, renewed and
 * cleared with the session cookie by the server (server/auth/signed-in-cookie.ts), so a guest's
 * pages ask the shop nothing (GET /api/me is asked only while it is there). Its value is always
 * SIGNED_IN_VALUE.
 */
export const SIGNED_IN_COOKIE = "gleam_signed_in";
export const SIGNED_IN_VALUE = "1";

/** Whether a Cookie header or `document.cookie` carries the signed-in cookie. */
export function hasSignedInCookie(cookies: string | null | undefined): boolean {
  if (!cookies) return false;
  const wanted = `${SIGNED_IN_COOKIE}=${SIGNED_IN_VALUE}`;
  return cookies.split(";").some((cookie) => cookie.trim() === wanted);
}
