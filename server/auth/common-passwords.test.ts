import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords";

describe("common passwords", () => {
  it("knows the passwords guessers try first, in any case", () => {
    for (const password of ["password", "12345678", "qwertyuiop", "Baseball", "PASSWORD1"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("lets an uncommon password through", () => {
    expect(isCommonPassword("customer-password-1")).toBe(false);
    expect(isCommonPassword("correct horse battery staple 42")).toBe(false);
  });
});
