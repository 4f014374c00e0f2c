import { data } from "react-router";
import { getDb } from "../db/connection";
import { DomainError } from "../errors";
import { subscriberByToken } from "./subscriptions";

// The newsletter's emailed links (/newsletter/confirm, /newsletter/unsubscribe): the token from
// the address, and what it holds, for the page. Never stored by any cache: the page names an
// address.

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The link's token, as long as a token can be. */
export const linkToken = (url: URL) => (url.searchParams.get("token") ?? "").slice(0, 100);

/** A link page's loader: the subscriber the token points at, or null. */
export async function newsletterLinkLoader(url: URL) {
  const token = linkToken(url);
  const subscriber = token ? await subscriberByToken(await getDb(), token) : null;
  return data({ subscriber }, { headers: NO_STORE });
}

/** What a link page's button did, or a 404 when the token points at nothing (mistyped, forged). */
export async function linkAnswer<T>(done: Promise<T | null>): Promise<T> {
  const result = await done;
  if (result === null) throw new DomainError("NOT_FOUND", "This link is no longer valid.");
  return result;
}
