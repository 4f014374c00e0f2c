import { data, type MiddlewareFunction, redirect } from "react-router";
import { adminScreenAt, grantNeeded, NO_ACCESS, staffMay } from "../../common/auth/staff-access";
import { requireUser } from "../auth/guards";
import { DomainError, httpStatusFor } from "../errors";
import { readForm } from "./form-request";

// The admin's one guard (docs/decisions/071-staff-roles-in-one-table.md), at the HTTP layer: it
// reads the request's form, the one reading its action runs on
// (docs/decisions/076-authorised-on-what-runs.md).

/**
 * The intent a form post names, from the request's one reading of its form (the action reads the
 * same one: server/http/form-request.ts). A form that cannot be read to one value per field is
 * refused here, before any action runs: 415 for what is not a form, 400 for a field named twice.
 */
async function intentOf(request: Request): Promise<string> {
  try {
    const intent = (await readForm(request)).intent;
    return typeof intent === "string" ? intent : "";
  } catch (error) {
    if (error instanceof DomainError)
      throw data(error.message, { status: httpStatusFor(error.code) });
    throw error;
  }
}

/**
 * The admin's screens' guard, once for all of them (a route middleware: it runs before any of
 * their loaders or actions). A guest is sent to log in; a customer who opens an admin page lands
 * on their own overview (docs/product.md#screens), and anything else they send is refused with
 * 403. Staff are let through only where their role's grant holds (common/auth/staff-access.ts):
 * to open the screen, or to send its form with the intent named. The intent is the one the action
 * runs: both read the request's one reading of its form, where a field named twice is refused
 * (docs/decisions/076-authorised-on-what-runs.md). Otherwise a page is refused on
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
