import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "hono/utils/cookie";

/**
 * The prefix of better-auth's cookie names, given to it in its options (./auth.ts): the one source
 * of the session cookie's name for better-auth and for the check below.
 */
export const AUTH_COOKIE_PREFIX = "better-auth";

/**
 * better-auth's session cookie (`<prefix>.session_token`), under its plain name or the `__Secure-`
 * one it uses over HTTPS. Only this cookie makes a page personal: other cookies (a consent
 * banner's, an analytics id) do not change what the shop renders.
 */
const SESSION_COOKIE = new RegExp(
  `(?:^|;)\\s*(?:__Secure-)?${AUTH_COOKIE_PREFIX.replaceAll(".", "\\.")}\\.session_token=[^;\\s]`,
);

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader ? SESSION_COOKIE.test(cookieHeader) : false;
}

/**
 * The value of the cookie `name` if its signature holds, as better-auth signs it (better-call's
 * signed cookies: `value.base64(HMAC-SHA256(secret, value))`, URI-encoded), else null. Checked
 * with node's HMAC in constant time, without the Web Crypto round trip.
 */
export function signedCookieValue(
  cookieHeader: string | null | undefined,
  name: string,
  secret: string,
): string | null {
  if (!cookieHeader) return null;
  const signed = parse(cookieHeader, name)[name];
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
