import { describe, expect, it } from "vitest";
import { hasSignedInCookie } from "../../common/auth/viewer";
import { signedInCookieAgreeing, signedInCookieFollowing } from "./signed-in-cookie";

const other = "better-auth.session_data=x; Max-Age=300; Path=/; HttpOnly; SameSite=Lax";

describe("the signed-in cookie", () => {
  it("is set with the session cookie's lifetime and Secure flag, readable by the page", () => {
    expect(
      signedInCookieFollowing([
        other,
        "__Secure-better-auth.session_token=abc.sig; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax",
      ]),
    ).toBe("gleam_signed_in=1; Max-Age=604800; Path=/; SameSite=Lax; Secure");
    // A session for the browser's session only ("remember me" off) gives one too.
    expect(
      signedInCookieFollowing([
        "better-auth.session_token=abc.sig; Path=/; HttpOnly; SameSite=Lax",
      ]),
    ).toBe("gleam_signed_in=1; Path=/; SameSite=Lax");
  });

  it("is cleared with the session cookie, however it is cleared", () => {
    const cleared = "gleam_signed_in=; Max-Age=0; Path=/; SameSite=Lax";
    expect(signedInCookieFollowing(["better-auth.session_token=; Max-Age=0; Path=/"])).toBe(
      cleared,
    );
    expect(
      signedInCookieFollowing([
        "better-auth.session_token=abc; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/",
      ]),
    ).toBe(cleared);
  });

  it("is left alone by answers that leave the session cookie alone", () => {
    expect(signedInCookieFollowing([])).toBeNull();
    expect(signedInCookieFollowing([other])).toBeNull();
    expect(signedInCookieFollowing(["gleam_signed_in=1; Path=/"])).toBeNull();
  });

  it("is put right by GET /api/me when it disagrees with the session found", () => {
    const asking = (cookie?: string) =>
      new Request("http://localhost:3000/api/me", cookie ? { headers: { Cookie: cookie } } : {});
    expect(signedInCookieAgreeing(asking("a=b; gleam_signed_in=1"), true)).toBeNull();
    expect(signedInCookieAgreeing(asking(), false)).toBeNull();
    expect(signedInCookieAgreeing(asking("better-auth.session_token=x"), true)).toBe(
      "gleam_signed_in=1; Path=/; SameSite=Lax",
    );
    expect(signedInCookieAgreeing(asking("gleam_signed_in=1"), false)).toBe(
      "gleam_signed_in=; Max-Age=0; Path=/; SameSite=Lax",
    );
  });

  it("is read only under its own name and value", () => {
    expect(hasSignedInCookie("x=1; gleam_signed_in=1")).toBe(true);
    expect(hasSignedInCookie("gleam_signed_in=0")).toBe(false);
    expect(hasSignedInCookie("not_gleam_signed_in=1")).toBe(false);
    expect(hasSignedInCookie(undefined)).toBe(false);
  });
});
