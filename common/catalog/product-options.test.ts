import { describe, expect, it } from "vitest";
import {
  isGtin,
  optionCombinations,
  valuesOfOption,
  variantChosen,
  variantNameFor,
} from "./product-options";

describe("product options", () => {
  it("makes every combination, the first option changing slowest", () => {
    expect(
      optionCombinations([
        ["Mint", "Charcoal"],
        ["1 pack", "2 pack"],
      ]),
    ).toEqual([
      ["Mint", "1 pack"],
      ["Mint", "2 pack"],
      ["Charcoal", "1 pack"],
      ["Charcoal", "2 pack"],
    ]);
    expect(optionCombinations([])).toEqual([]);
    expect(optionCombinations([["Mint"], []])).toEqual([]);
  });

  it("names a variant by its values and lists an option's values once each", () => {
    expect(variantNameFor(["Mint", "2 pack"])).toBe("Mint / 2 pack");
    const variants = [
      { optionValues: ["Mint", "1 pack"] },
      { optionValues: ["Charcoal", "1 pack"] },
      { optionValues: ["Mint", "2 pack"] },
    ];
    expect(valuesOfOption(variants, 0)).toEqual(["Mint", "Charcoal"]);
    expect(valuesOfOption(variants, 1)).toEqual(["1 pack", "2 pack"]);
  });

  it("chooses the variant with the other values kept, else the first with the value", () => {
    const variants = [
      { id: "a", optionValues: ["Mint", "1 pack"] },
      { id: "b", optionValues: ["Mint", "2 pack"] },
      { id: "c", optionValues: ["Charcoal", "2 pack"] },
    ];
    expect(variantChosen(variants, variants[1], 0, "Charcoal")?.id).toBe("c");
    expect(variantChosen(variants, variants[0], 0, "Charcoal")?.id).toBe("c");
    expect(variantChosen(variants, variants[2], 1, "1 pack")?.id).toBe("a");
  });

  it("accepts a GTIN only with its check digit", () => {
    expect(isGtin("5012345678900")).toBe(true);
    expect(isGtin("5012345678901")).toBe(false);
    expect(isGtin("96385074")).toBe(true);
    expect(isGtin("036000291452")).toBe(true);
    expect(isGtin("10012345678902")).toBe(true);
    expect(isGtin("12345")).toBe(false);
    expect(isGtin("ABCDEFGH")).toBe(false);
  });
});
