import { getDb } from "../db/connection";
import type { Database } from "../db/database";
import type { UserRole } from "../db/schema/auth";
import { sendEmail } from "../email/mailer";
import { env } from "../env";
import { forgetInRequest, oncePerRequest } from "../http/request-scope";
import { emailBrand } from "../settings/shop-settings";
import { type Auth, type AuthOptions, createAuth } from "./auth";
import { hasSessionCookie } from "./session-cookie";

// The process-wide auth instance, built on first use with the shared database and mailer.

// One per database handle, so tests that hand the routes their own database get their own.
const instances = new WeakMap<Database, Auth>();

/** better-auth as the configuration sets it up, on `db`, queueing its emails with `queue`. */
export function createAuthFromEnv(db: Database, queue: AuthOptions["sendEmail"] = sendEmail): Auth {
  return createAuth({
    db,
    baseUrl: env.BASE_URL,
    trustedOrigins: env.shopOrigins,
    secret: env.authSecret,
    appName: "shop",
    brand: () => emailBrand(db),
    sendEmail: queue,
    attemptsPerMinute: env.AUTH_ATTEMPTS_PER_MINUTE,
  });
}

export async function getAuth(): Promise<Auth> {
  const db = await getDb();
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuthFromEnv(db);
    instances.set(db, auth);
  }
  return auth;
}

/** Who is signed in, as the pages need it. */
export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  role: UserRole;
};

/**
 * The signed-in user of a request, or null. Read through better-auth once per request: the root
 * loader, the page's loader and its guard all ask.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  return oncePerRequest("session-user", () => readSessionUser(request));
}

/**
 * After an action that may have changed who is signed in (signed in or out, changed the password,
 * deleted the account): the loaders that follow in the same request read the session again.
 */
export function forgetSessionUser(): void {
  forgetInRequest("session-user");
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  if (!hasSessionCookie(request.headers.get("Cookie"))) return null;
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    fullName: user.name,
    avatarUrl: user.image ?? null,
    role: user.role === "admin" ? "admin" : "customer",
  };
}
