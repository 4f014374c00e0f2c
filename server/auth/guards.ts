import { redirect } from "react-router";
import { getSessionUser, type SessionUser } from "./session";

// Guards for loaders and actions (docs/architecture.md#layout rule 1): they return the user or throw, so a protected
// route cannot forget to stop.

/**
 * The signed-in user; a guest is sent to /login, and brought back here afterwards. `url` is the
 * route's `url` argument: the page's address, where `request.url` of a client navigation's data
 * request ends in `.data` and carries React Router's `_routes` (future.v8_passThroughRequests).
 */
export async function requireUser(request: Request, url: URL): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}
