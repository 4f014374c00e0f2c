import { describe, expect, it } from "vitest";
import {
  cvcIsValid,
  expiryIsValid,
  formatCardNumber,
  formatExpiry,
  passesLuhn,
} from "./card-rules";

const now = new Date("2026-11-15T12:00:00Z");

describe("card details as a card network checks them", () => {
  it("checks the Luhn sum, spaces allowed", () => {
    expect(passesLuhn("4242 4242 4242 4242")).toBe(true);
    expect(passesLuhn("4242 4242 4242 4241")).toBe(false);
    expect(passesLuhn("4242x4242424242424")).toBe(false);
  });

  it("takes an expiry with or without its slash, through the end of its month", () => {
    expect(expiryIsValid("1230", now)).toBe(true);
    expect(expiryIsValid("12 / 30", now)).toBe(true);
    expect(expiryIsValid("11/26", now)).toBe(true);
    expect(expiryIsValid("1026", now)).toBe(false);
    expect(expiryIsValid("1330", now)).toBe(false);
    expect(expiryIsValid("123", now)).toBe(false);
  });

  it("takes a CVC of 3 or 4 digits", () => {
    expect(cvcIsValid("123")).toBe(true);
    expect(cvcIsValid("12a")).toBe(false);
  });
});

describe("card details formatted as typed", () => {
  it("groups a card number in fours", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 42")).toBe("4242 42");
  });

  it("writes an expiry as MM / YY", () => {
    expect(formatExpiry("1230")).toBe("12 / 30");
    expect(formatExpiry("12/30")).toBe("12 / 30");
    expect(formatExpiry("12 / 2030")).toBe("12 / 30");
    expect(formatExpiry("4")).toBe("04");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("123")).toBe("12 / 3");
  });
});
