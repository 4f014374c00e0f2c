import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasSessionCookie, signedCookieValue } from "./session-cookie";

describe("hasSessionCookie", () => {
  it("finds better-auth's session cookie, plain or __Secure-", () => {
    expect(hasSessionCookie("better-auth.session_token=abc.def")).toBe(true);
    expect(hasSessionCookie("consent=yes; __Secure-better-auth.session_token=abc")).toBe(true);
  });

  it("ignores other cookies, look-alikes and empty values", () => {
    expect(hasSessionCookie(null)).toBe(false);
    expect(hasSessionCookie("session=abc; _ga=GA1.1")).toBe(false);
    expect(hasSessionCookie("x-better-auth.session_token=abc")).toBe(false);
    expect(hasSessionCookie("better-auth.session_token=")).toBe(false);
    expect(hasSessionCookie("better-auth.session_data=abc")).toBe(false);
  });
});

describe("signedCookieValue", () => {
  const secret = "a-secret-of-at-least-32-characters!!";
  const name = "better-auth.session_token";
  // As better-call signs a cookie: value, a dot, base64 HMAC-SHA256, URI-encoded.
  const sign = (value: string, key = secret) =>
    encodeURIComponent(`${value}.${createHmac("sha256", key).update(value).digest("base64")}`);

  it("gives the value of a cookie signed with the secret", () => {
    expect(signedCookieValue(`${name}=${sign("tok3n")}`, name, secret)).toBe("tok3n");
    expect(signedCookieValue(`a=b; ${name}="${sign("tok3n")}"; c=d`, name, secret)).toBe("tok3n");
  });

  it("refuses another secret, a changed value or signature, a missing signature", () => {
    const good = sign("tok3n");
    expect(signedCookieValue(`${name}=${sign("tok3n", `${secret}x`)}`, name, secret)).toBeNull();
    expect(signedCookieValue(`${name}=x${good}`, name, secret)).toBeNull();
    expect(signedCookieValue(`${name}=${good.replace(/.%3D$/, "A%3D")}`, name, secret)).toBeNull();
    expect(signedCookieValue(`${name}=tok3n`, name, secret)).toBeNull();
    expect(signedCookieValue(`${name}=.${good.split(".")[1]}`, name, secret)).toBeNull();
    expect(signedCookieValue(`other=${good}`, name, secret)).toBeNull();
    expect(signedCookieValue(null, name, secret)).toBeNull();
  });

  it("reads the first of two cookies of the same name, as better-auth does", () => {
    const header = `${name}=${sign("first")}; ${name}=${sign("second")}`;
    expect(signedCookieValue(header, name, secret)).toBe("first");
  });
});
