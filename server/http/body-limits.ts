import type { Context, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_IMPORT_BYTES } from "../../common/catalog/product-csv";
import { MAX_IMAGE_BYTES } from "../../common/catalog/product-images";
import { getSessionUser } from "../auth/session";
import { hasSessionCookie } from "../auth/session-cookie";
import { MAX_BODY_BYTES } from "./json-request";

const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";
/** Stripe's events are JSON documents of a few kilobytes; this leaves a wide margin. */
const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;
/** The admin's product forms carry an image: the image's own limit (checked with a clear message
 * by the form) plus room, so a file just over it is answered beside the field, not with 413. */
const PRODUCT_FORM_PATH = "/dashboard/admin-products";
const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 3 * 1024 * 1024;
/** The product import's file: its own limit (the screen says it before sending) plus the form. */
const PRODUCT_IMPORT_PATH = "/dashboard/admin-products/import";
const MAX_IMPORT_BODY_BYTES = MAX_IMPORT_BYTES + 1024 * 1024;

/** The body limit of each request, before anything reads its body (413 past it). */
export function bodyLimits() {
  // Bodies are limited before anything reads them (docs/architecture.md#security): by Content-Length at once, or by
  // counting a chunked body up to the limit. Stripe's events may be larger than a form.
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json({ error: "The request is too large." }, 413, {
          "Cache-Control": "no-store",
          // The rest of the body is drained briefly, then the connection closes: say so, so the
          // client does not send its next request on it.
          Connection: "close",
        }),
    });
  const formLimit = limitBody(MAX_BODY_BYTES);
  const webhookLimit = limitBody(MAX_WEBHOOK_BODY_BYTES);
  const uploadLimit = limitBody(MAX_UPLOAD_BODY_BYTES);
  const importLimit = limitBody(MAX_IMPORT_BODY_BYTES);
  return async (c: Context, next: Next) => {
    // A GET or HEAD has no body here (@hono/node-server gives their requests none), so the limit
    // has nothing to count; asking for the body would only build a full fetch Request for it.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (c.req.path === STRIPE_WEBHOOK_PATH) return webhookLimit(c, next);
    // The upload's room is an admin's only: anyone else's post there is a form like any other,
    // cut at its limit before a byte more is read (the admin's check comes later, in the route).
    if (c.req.path.startsWith(PRODUCT_FORM_PATH) && (await isAdminRequest(c.req.raw))) {
      return c.req.path === PRODUCT_IMPORT_PATH ? importLimit(c, next) : uploadLimit(c, next);
    }
    return formLimit(c, next);
  };
}

/** A signed-in admin's request (read from its session cookie); false when it cannot be told. */
async function isAdminRequest(request: Request): Promise<boolean> {
  if (!hasSessionCookie(request.headers.get("Cookie"))) return false;
  try {
    return (await getSessionUser(request))?.role === "admin";
  } catch {
    // The database is away: the smaller limit, and the route answers as it can.
    return false;
  }
}
