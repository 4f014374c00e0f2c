import { useMatches, useRouteLoaderData } from "react-router";

/** What a route may say about the chrome around it, as its `handle`. */
export type ChromeHandle = { chrome?: "focused" };

/** The checkout's: the shop's header and footer, without the newsletter or the chat bubble. */
export const focusedChrome: ChromeHandle = { chrome: "focused" };

/**
 * The chrome a page gets: the admin's own shell on every dashboard page an admin sees (its loader
 * knows the role), the shop's without distractions where a route asks for it, else the shop's.
 */
export function usePageChrome(): "admin" | "shop" | "focused" {
  const dashboard = useRouteLoaderData<{ user: { role: string } }>("routes/dashboard");
  const matches = useMatches();
  if (dashboard?.user.role === "admin") return "admin";
  const focused = matches.some(
    (match) => (match.handle as ChromeHandle | undefined)?.chrome === "focused",
  );
  return focused ? "focused" : "shop";
}
