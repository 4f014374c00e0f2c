import { hasSignedInCookie, SIGNED_IN_COOKIE, SIGNED_IN_VALUE } from "../../common/auth/viewer";
import { env } from "../env";
import { AUTH_COOKIE_PREFIX } from "./session-cookie";

// The signed-in cookie (common/auth/viewer.ts) follows better-auth's session cookie: whenever an answer
// sets, renews or clears the session cookie, it sets, renews or clears the signed-in cookie with
// the same lifetime and Secure flag, readable by the page (no HttpOnly) and holding nothing but
// "1". Mirrored from the answer's headers rather than in each place a session starts or ends
// (sign-in, sign-up, sign-out, a password reset ending sessions, better-auth's own renewal), so no
// path can forget it. Decision record 057.

const SESSION_TOKEN = `${AUTH_COOKIE_PREFIX}.session_token=`;

/** The session cookie's Set-Cookie line among `lines`, if any (plain or `__Secure-`). */
function sessionLine(lines: readonly string[]): string | undefined {
  return lines.find(
    (line) => line.startsWith(SESSION_TOKEN) || line.startsWith(`__Secure-${SESSION_TOKEN}`),
  );
}

function attribute(attributes: readonly string[], name: string): string | undefined {
  const prefix = `${name.toLowerCase()}=`;
  return attributes
    .find((part) => part.toLowerCase().startsWith(prefix))
    ?.slice(prefix.length)
    .trim();
}

function cookieLine(set: boolean, lifetime: string[], secure: boolean): string {
  return [
    `${SIGNED_IN_COOKIE}=${set ? SIGNED_IN_VALUE : ""}`,
    ...(set ? lifetime : ["Max-Age=0"]),
    "Path=/",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The signed-in cookie's Set-Cookie line for an answer whose Set-Cookie lines are `lines`, or
 * null when the answer leaves the session cookie alone.
 */
export function signedInCookieFollowing(lines: readonly string[]): string | null {
  const line = sessionLine(lines);
  if (line === undefined) return null;
  const [pair = "", ...rest] = line.split(";");
  const attributes = rest.map((part) => part.trim());
  const value = pair.slice(pair.indexOf("=") + 1).trim();
  const maxAge = attribute(attributes, "Max-Age");
  const expires = attribute(attributes, "Expires");
  const cleared =
    value === "" ||
    (maxAge !== undefined && Number(maxAge) <= 0) ||
    (maxAge === undefined && expires !== undefined && Date.parse(expires) <= Date.now());
  const lifetime = [
    ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
    ...(expires !== undefined ? [`Expires=${expires}`] : []),
  ];
  const secure = attributes.some((part) => part.toLowerCase() === "secure");
  return cookieLine(!cleared, lifetime, secure);
}

/**
 * The Set-Cookie line that makes the signed-in cookie of a request agree with what GET /api/me
 * found (a session from before the cookie existed, or one that ended without the browser being
 * told), or null when it already does. Set for the browser's session only: the session cookie's
 * own lifetime is not known here, and the last known state the page keeps asks again next time.
 */
export function signedInCookieAgreeing(request: Request, signedIn: boolean): string | null {
  if (hasSignedInCookie(request.headers.get("Cookie")) === signedIn) return null;
  // Secure over HTTPS, as better-auth marks the session cookie (./auth.ts).
  return cookieLine(signedIn, [], env.BASE_URL.startsWith("https://"));
}
