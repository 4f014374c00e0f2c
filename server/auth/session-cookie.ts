/**
 * better-auth's session cookie, under its plain name or the `__Secure-` one it uses over HTTPS.
 * Only this cookie makes a page personal: other cookies (a consent banner's, an analytics id) do
 * not change what the shop renders.
 */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=[^;\s]/;

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader ? SESSION_COOKIE.test(cookieHeader) : false;
}
