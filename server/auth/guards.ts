import { data, type MiddlewareFunction, redirect } from "react-router";
import { adminScreenAt, grantNeeded, NO_ACCESS, staffMay } from "../../common/auth/staff-access";
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

/** The intent a form post names, read from a copy (the action reads the body itself). */
async function intentOf(request: Request): Promise<string> {
  try {
    const intent = (await request.clone().formData()).get("intent");
    return typeof intent === "string" ? intent : "";
  } catch {
    // A body that is not a form: the action answers it; the screen's own grant decides here.
    return "";
  }
}

/**
 * The admin's screens' guard, once for all of them (a route middleware: it runs before any of
 * their loaders or actions). A guest is sent to log in; a customer who opens an admin page lands
 * on their own overview (docs/product.md#screens), and anything else they send is refused with
 * 403. Staff are let through only where their role's grant holds (common/auth/staff-access.ts):
 * to open the screen, or to send its form with the intent named. Otherwise a page is refused on
 * /dashboard/no-access (answered 403), and a form post with 403.
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async (
  { request, url },
  next,
) => {
  const user = await requireUser(request, url);
  const reading = request.method === "GET" || request.method === "HEAD";
  if (user.role !== "admin") {
    if (reading) throw redirect("/dashboard");
    throw data(NO_ACCESS, { status: 403 });
  }
  // Only a screen whose intents need different grants has its form read here.
  const intent = reading
    ? null
    : adminScreenAt(url.pathname)?.intents
      ? await intentOf(request)
      : "";
  if (!staffMay(user.staffRole, grantNeeded(url.pathname, intent))) {
    // A page is said inside the dashboard's shell (a middleware's error would be drawn outside).
    if (reading) throw redirect("/dashboard/no-access");
    throw data(NO_ACCESS, { status: 403 });
  }
  return next();
};
