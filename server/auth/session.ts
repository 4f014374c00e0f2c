import { eq, sql } from "drizzle-orm";
import { type StaffRole, staffRoles } from "../../common/auth/staff-access";
import { getDb } from "../db/connection";
import type { Database } from "../db/database";
import { preparedStatements } from "../db/prepared";
import { sendEmail } from "../email/mailer";
import { env } from "../env";
import { forgetInRequest, oncePerRequest } from "../request-scope";
import { emailBrand } from "../settings/shop-settings";
import { type Auth, type AuthOptions, createAuth } from "./auth";
import { sessions, type UserRole, users } from "./schema";
import { hasSessionCookie, signedCookieValue } from "./session-cookie";

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

/** better-auth on `db`, made once per database handle. */
function authFor(db: Database): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuthFromEnv(db);
    instances.set(db, auth);
  }
  return auth;
}

export async function getAuth(): Promise<Auth> {
  return authFor(await getDb());
}

/** Who is signed in, as the pages need it. */
export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  role: UserRole;
  /** What an admin may do (common/auth/staff-access.ts); null for a customer. */
  staffRole: StaffRole | null;
};

/**
 * The signed-in user of a request, or null. Read through better-auth once per request: the root
 * loader, the page's loader and its guard all ask.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  return oncePerRequest("session-user", () => readSessionUser(request));
}

/** The request's session token, when its cookie's signature holds (else null). */
export async function sessionTokenOf(request: Request): Promise<string | null> {
  const context = await (await getAuth()).$context;
  return signedCookieValue(
    request.headers.get("Cookie"),
    context.authCookies.sessionToken.name,
    context.secret,
  );
}

/**
 * After an action that may have changed who is signed in (signed in or out, changed the password,
 * deleted the account): the loaders that follow in the same request read the session again.
 */
export function forgetSessionUser(): void {
  forgetInRequest("session-user");
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  const cookieHeader = request.headers.get("Cookie");
  if (!hasSessionCookie(cookieHeader)) return null;
  const db = await getDb();
  const auth = authFor(db);
  const settled = await settledSession(auth, db, cookieHeader);
  if (settled !== "ask-better-auth") return settled;
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  return sessionUser(session.user);
}

function sessionUser(user: {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  role?: string | null;
  staffRole?: string | null;
}): SessionUser {
  const admin = user.role === "admin";
  const staffRole = staffRoles.find((role) => role === user.staffRole) ?? null;
  return {
    id: user.id,
    email: user.email,
    fullName: user.name,
    avatarUrl: user.image ?? null,
    role: admin ? "admin" : "customer",
    staffRole: admin ? staffRole : null,
  };
}

const statements = preparedStatements((db: Database) => ({
  sessionUser: db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      role: users.role,
      staffRole: users.staffRole,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("session_user"),
}));

/**
 * The common case of better-auth's getSession in one prepared statement: a validly signed token
 * whose session is live and not yet due for its daily renewal is read with its user, and nothing
 * is written. Anything else (expired, due for renewal) is "ask-better-auth", whose
 * getSession then does what it always does (deletes an expired session, renews a due one), so the
 * rules stay better-auth's. A token whose signature does not hold, or whose session is gone, is no
 * session at all, as there.
 */
async function settledSession(
  auth: Auth,
  db: Database,
  cookieHeader: string | null,
): Promise<SessionUser | null | "ask-better-auth"> {
  const context = await auth.$context;
  const token = signedCookieValue(
    cookieHeader,
    context.authCookies.sessionToken.name,
    context.secret,
  );
  if (token === null) return null;
  const [row] = await statements(db).sessionUser.execute({ token });
  if (!row) return null;
  const { expiresIn, updateAge } = context.sessionConfig;
  const renewalDue = row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= Date.now();
  if (row.expiresAt.getTime() <= Date.now() || renewalDue) return "ask-better-auth";
  return sessionUser(row);
}
