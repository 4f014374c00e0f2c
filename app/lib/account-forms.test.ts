import { describe, expect, it } from "vitest";
import { safeRedirectPath, signUpForm } from "./account-forms";

describe("safeRedirectPath", () => {
  it("keeps a path on this site", () => {
    expect(safeRedirectPath("/dashboard/orders")).toBe("/dashboard/orders");
  });

  it("refuses other sites and odd values", () => {
    expect(safeRedirectPath("https://evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("//evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirectPath(null)).toBe("/dashboard");
  });

  it("refuses what a browser would drop to reach another site, and control characters", () => {
    // Browsers drop tabs and line breaks from URLs: "/\t/evil.example" is "//evil.example".
    for (const value of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/x",
      "/\u0000",
      "/\u2028",
      "/ /x",
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/dashboard");
    }
    expect(safeRedirectPath(`/${"a".repeat(3000)}`)).toBe("/dashboard");
  });

  it("keeps the query and encodes what needs encoding", () => {
    expect(safeRedirectPath("/dashboard/orders?page=2#top")).toBe("/dashboard/orders?page=2#top");
    expect(safeRedirectPath("/search?q=caf\u00e9")).toBe("/search?q=caf%C3%A9");
  });
});

describe("signUpForm", () => {
  it("needs a name, a valid email and 8 characters of password", () => {
    expect(
      signUpForm.safeParse({ fullName: "Ada", email: "ADA@Example.com", password: "12345678" }).data
        ?.email,
    ).toBe("ada@example.com");
    expect(
      signUpForm.safeParse({ fullName: "", email: "a@b.co", password: "12345678" }).success,
    ).toBe(false);
    expect(
      signUpForm.safeParse({ fullName: "Ada", email: "nope", password: "12345678" }).success,
    ).toBe(false);
    expect(
      signUpForm.safeParse({ fullName: "Ada", email: "a@b.co", password: "1234567" }).success,
    ).toBe(false);
  });
});
