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
