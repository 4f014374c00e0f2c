import { describe, expect, it } from "vitest";
import {
  addressTextProblem,
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

  // The API's free-text address is held to the structured address's rules.
  it("holds an address typed as one text to the same rules, by the postcode it ends with", () => {
    for (const text of [
      "1 Rue de la Mer, St Helier, Jersey JE2 3AB",
      "La Plaiderie\nSt Peter Port\nGY1 1WR",
      "Unit 2, BFPO 57",
      "HQ, BF1 4FB",
    ]) {
      expect(addressTextProblem(text), text).toBe(DELIVERY_AREA_MESSAGE);
    }
    for (const text of ["1 Analytical Row", "1 Street, Jersey", "1 Road, London SW1A 1A"]) {
      expect(addressTextProblem(text), text).toBe(POSTCODE_MESSAGE);
    }
    for (const text of [
      "1 Analytical Row, London N1 1AA",
      "10 Downing Street\nLondon\nsw1a2aa\nUnited Kingdom",
      "2 Quay Road, Douglas IM1 1AA",
      "Flat 2A, 3 Castle Place, Belfast BT1 1AA",
    ]) {
      expect(addressTextProblem(text), text).toBeNull();
    }
  });
});
