import { describe, expect, it } from "vitest";
import { formatUkAddress, normalisePostcode } from "./uk-address";

describe("UK addresses", () => {
  it("normalises a postcode however it is typed", () => {
    expect(normalisePostcode("sw1a1aa")).toBe("SW1A 1AA");
    expect(normalisePostcode(" ec1a   1bb ")).toBe("EC1A 1BB");
    expect(normalisePostcode("M1 1AE")).toBe("M1 1AE");
  });

  it("refuses what is not a UK postcode", () => {
    for (const typed of ["", "12345", "ABC 123", "SW1A 1A", "90210"]) {
      expect(normalisePostcode(typed), typed).toBeNull();
    }
  });

  it("writes the address one part a line, the country last, without an empty second line", () => {
    expect(
      formatUkAddress({ line1: "1 High Street", line2: "", town: "Leeds", postcode: "LS1 4AP" }),
    ).toBe("1 High Street\nLeeds\nLS1 4AP\nUnited Kingdom");
  });
});
