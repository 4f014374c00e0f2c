import { describe, expect, it } from "vitest";
import {
  DELIVERY_AREA_MESSAGE,
  formatUkAddress,
  normalisePostcode,
  POSTCODE_MESSAGE,
  postcodeProblem,
} from "./uk-address";

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

  it("delivers within UK VAT only: the Channel Islands and BFPO are refused, Man and NI taken", () => {
    for (const typed of ["GY1 1AA", "je2 3ab", "BF1 4FB", "BFPO 1234", " bfpo 57"]) {
      expect(postcodeProblem(typed), typed).toBe(DELIVERY_AREA_MESSAGE);
    }
    for (const typed of ["IM1 1AA", "BT1 1AA", "SW1A 1AA", "KW17 2AA", "HS1 2AA"]) {
      expect(postcodeProblem(typed), typed).toBeNull();
    }
    expect(postcodeProblem("LS1 XYZ")).toBe(POSTCODE_MESSAGE);
  });

  it("writes the address one part a line, the country last, without an empty second line", () => {
    expect(
      formatUkAddress({ line1: "1 High Street", line2: "", town: "Leeds", postcode: "LS1 4AP" }),
    ).toBe("1 High Street\nLeeds\nLS1 4AP\nUnited Kingdom");
  });
});
