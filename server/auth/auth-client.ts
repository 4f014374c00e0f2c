import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { EMAIL_IN_USE, EXPIRED_RESET_LINK } from "../../common/auth/account-messages";
import { getDb } from "../db/connection";
import { env } from "../env";
import { DomainError, type ErrorCode } from "../errors";
import { ACCOUNT_THROTTLED, RECIPIENT_THROTTLED, SIGN_UP_THROTTLED } from "./account-throttle";
import { CLIENT_IP_HEADER } from "./auth";
import { users, verifications } from "./schema";
import { getAuth } from "./session";

// The log-in page's actions talk to better-auth exactly as a browser would: through its HTTP
// handler, with the visitor's cookie and address, so its checks and its rate limiter apply (its
// server-side API skips the rate limiter). A refusal is thrown as a DomainError with the seed
// spec's message; success gives the session cookies better-auth set, if any.

export type Caller = { cookie: string | null; clientAddress: string | null };

/** The visitor as better-auth should see them: their cookie and their address. */
export function callerOf(request: Request, clientAddress: string | null): Caller {
  return { cookie: request.headers.get("Cookie"), clientAddress };
}

/** The Set-Cookie values to pass on to the browser. */
type SessionCookies = string[];

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";
const SOMETHING_WRONG = "Something went wrong";
/**
 * Where a verification link lands: the log-in page, which says the address is confirmed, and
 * then sends the shopper on to where they were going when they signed up (the checkout, say).
 */
function verifiedCallback(redirectTo: string | undefined): string {
  const params = new URLSearchParams({ verified: "1" });
  if (redirectTo && redirectTo !== "/dashboard") params.set("redirectTo", redirectTo);
  return `/login?${params}`;
}

async function callAuth(path: string, body: unknown, caller: Caller) {
  const auth = await getAuth();
  const headers = new Headers({ "Content-Type": "application/json", Origin: env.BASE_URL });
  if (caller.cookie) headers.set("Cookie", caller.cookie);
  if (caller.clientAddress) headers.set(CLIENT_IP_HEADER, caller.clientAddress);
  const response = await auth.handler(
    new Request(`${env.BASE_URL}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let json: { code?: string; message?: string } | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json, setCookies: response.headers.getSetCookie() };
}

/** The shop's code for what better-auth answered. */
function codeFor(status: number, authCode: string | undefined): ErrorCode {
  if (authCode === "EMAIL_NOT_VERIFIED") return "EMAIL_NOT_VERIFIED";
  if (status === 429) return "RATE_LIMITED";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 409) return "CONFLICT";
  if (status >= 500) return "UNAVAILABLE";
  return "BAD_REQUEST";
}

function failure(
  status: number,
  json: { code?: string; message?: string } | null,
  messages: Record<string, string>,
): DomainError {
  if (status === 429) {
    // The shop's own limits (per account, per recipient) say what they are; better-auth's
    // per-address one does not.
    const ownMessages = [ACCOUNT_THROTTLED, RECIPIENT_THROTTLED, SIGN_UP_THROTTLED];
    const message = ownMessages.find((own) => own === json?.message) ?? TOO_MANY;
    return new DomainError("RATE_LIMITED", message);
  }
  const authCode = json?.code;
  const message = (authCode && messages[authCode]) || json?.message || SOMETHING_WRONG;
  return new DomainError(codeFor(status, authCode), message);
}

export async function signInWithPassword(
  caller: Caller,
  input: { email: string; password: string },
): Promise<SessionCookies> {
  const result = await callAuth("/sign-in/email", { ...input, rememberMe: true }, caller);
  if (result.status === 200) return result.setCookies;
  throw failure(result.status, result.json, {
    INVALID_EMAIL_OR_PASSWORD: "Invalid email or password.",
    EMAIL_NOT_VERIFIED: "Please verify your email address before logging in.",
  });
}

export async function signUpWithPassword(
  caller: Caller,
  input: { fullName: string; email: string; password: string; redirectTo?: string },
): Promise<void> {
  // The sign-up form tells a visitor (docs/product.md#validation) when an address is taken; better-auth, with verification on,
  // answers a registered address as if it worked (and sends nothing). So the address is looked up
  // first, but the answer comes after both limits have counted the attempt (better-auth's per
  // client address, the shop's per email address): past either, a registered address gets the
  // same 429 as any other, and probing stays slow (docs/decisions/035).
  const db = await getDb();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email.toLowerCase()))
    .limit(1);
  const result = await callAuth(
    "/sign-up/email",
    {
      name: input.fullName,
      email: input.email,
      password: input.password,
      callbackURL: verifiedCallback(input.redirectTo),
    },
    caller,
  );
  if (result.status === 200 && existing) {
    throw new DomainError("CONFLICT", EMAIL_IN_USE);
  }
  if (result.status === 200) return;
  throw failure(result.status, result.json, {
    PASSWORD_TOO_SHORT: "Password must be at least 8 characters.",
    USER_ALREADY_EXISTS: EMAIL_IN_USE,
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: EMAIL_IN_USE,
  });
}

/** Always the same answer for a known and an unknown address (no account enumeration). */
export async function requestPasswordReset(caller: Caller, email: string): Promise<void> {
  const result = await callAuth(
    "/request-password-reset",
    { email, redirectTo: `${env.BASE_URL}/reset-password` },
    caller,
  );
  if (result.status !== 200) throw failure(result.status, result.json, {});
}

export async function resendVerificationEmail(
  caller: Caller,
  email: string,
  redirectTo?: string,
): Promise<void> {
  const result = await callAuth(
    "/send-verification-email",
    { email, callbackURL: verifiedCallback(redirectTo) },
    caller,
  );
  if (result.status !== 200) throw failure(result.status, result.json, {});
}

/** How better-auth stores an identifier with `storeIdentifier: "hashed"` (see auth.ts). */
function hashedIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier).digest("base64url");
}

/** The email a still-valid reset token belongs to, or null. */
async function emailForResetToken(token: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(
        eq(verifications.identifier, hashedIdentifier(`reset-password:${token}`)),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.email ?? null;
}

/** Sets a new password from an emailed link, then signs the user in with it. */
export async function resetPasswordAndSignIn(
  caller: Caller,
  input: { token: string; newPassword: string },
): Promise<SessionCookies> {
  const email = await emailForResetToken(input.token);
  if (!email) throw new DomainError("BAD_REQUEST", EXPIRED_RESET_LINK);
  const result = await callAuth("/reset-password", input, caller);
  if (result.status !== 200) {
    throw failure(result.status, result.json, {
      INVALID_TOKEN: EXPIRED_RESET_LINK,
      PASSWORD_TOO_SHORT: "Password must be at least 8 characters.",
    });
  }
  return signInWithPassword(caller, { email, password: input.newPassword });
}

/** Changes the password after checking the current one; other sessions are signed out. */
export async function changePassword(
  caller: Caller,
  input: { currentPassword: string; newPassword: string },
): Promise<SessionCookies> {
  const result = await callAuth(
    "/change-password",
    { ...input, revokeOtherSessions: true },
    caller,
  );
  if (result.status === 200) return result.setCookies;
  throw failure(result.status, result.json, {
    INVALID_PASSWORD: "Your current password is not correct.",
    PASSWORD_TOO_SHORT: "Password must be at least 8 characters.",
  });
}
