import { describe, expect, it } from "vitest";
import { formatVatNumber, normaliseCompanyNumber, normaliseVatNumber } from "./vat-number";

describe("UK VAT numbers", () => {
  it("takes numbers whose check digits hold, with or without GB and spaces", () => {
    expect(normaliseVatNumber("GB 999 9999 73")).toBe("GB999999973");
    expect(normaliseVatNumber("999999973")).toBe("GB999999973");
    // A number of the series issued since 2010: its total is a multiple of 97 with 55 added.
    expect(normaliseVatNumber("gb100000132")).toBe("GB100000132");
    expect(normaliseVatNumber("GB999999973001")).toBe("GB999999973001");
    expect(normaliseVatNumber("GBGD001")).toBe("GBGD001");
    expect(normaliseVatNumber("GBHA599")).toBe("GBHA599");
  });

  it("refuses a wrong check digit, the wrong length or another country", () => {
    expect(normaliseVatNumber("GB999999974")).toBeNull();
    expect(normaliseVatNumber("GB12345678")).toBeNull();
    expect(normaliseVatNumber("DE123456789")).toBeNull();
    expect(normaliseVatNumber("GBGD600")).toBeNull();
  });

  it("prints the number as people read it", () => {
    expect(formatVatNumber("GB999999973")).toBe("GB 999 9999 73");
    expect(formatVatNumber("GB999999973001")).toBe("GB 999 9999 73 001");
  });

  it("reads Companies House numbers", () => {
    expect(normaliseCompanyNumber("1234567")).toBe("01234567");
    expect(normaliseCompanyNumber("sc123456")).toBe("SC123456");
    expect(normaliseCompanyNumber("ABC")).toBeNull();
  });
});
