import { data, redirect } from "react-router";
import { getSessionUser, type SessionUser } from "./session";

// Guards for loaders and actions (DESIGN §3 rule 1): they return the user or throw, so a protected
// route cannot forget to stop.

/** The signed-in user; a guest is sent to /login, and brought back here afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** An admin; anyone else is refused (403), a guest is sent to log in. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") {
    throw data("You do not have access to this page.", { status: 403 });
  }
  return user;
}
