import { describe, expect, it } from "vitest";
import { hasSessionCookie } from "./session-cookie";

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
