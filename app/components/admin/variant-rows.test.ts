import { describe, expect, it } from "vitest";
import { blankVariant, splitValues, variantsField, variantsFromOptions } from "./variant-rows";

const option = (name: string, values: string) => ({ key: name, name, values });

describe("the editor's variants made from options", () => {
  it("splits values at commas, each once", () => {
    expect(splitValues(" Mint, charcoal ,, MINT,Charcoal")).toEqual(["Mint", "charcoal"]);
  });

  it("keeps a row with the same values or name, adds the rest at the first row's price", () => {
    const saved = blankVariant({ id: "v1", name: "75 ml", price: "14.99", sku: "TP-75" });
    const other = blankVariant({ id: "v2", name: "Tube", price: "9.99" });
    const unsaved = blankVariant({ name: "Spare" });
    const rows = variantsFromOptions(
      [option("Size", "75 ml, 150 ml"), option("Flavour", "Mint")],
      [saved, other, unsaved],
    );
    expect(rows.map((row) => [row.id, row.name, row.optionValues, row.price])).toEqual([
      [undefined, "75 ml / Mint", ["75 ml", "Mint"], "14.99"],
      [undefined, "150 ml / Mint", ["150 ml", "Mint"], "14.99"],
      ["v1", "75 ml", [], "14.99"],
      ["v2", "Tube", [], "9.99"],
    ]);
    const one = variantsFromOptions([option("Size", "75 ml, 150 ml")], [saved]);
    expect(one[0]).toMatchObject({ id: "v1", sku: "TP-75", optionValues: ["75 ml"] });
    expect(one[1]).toMatchObject({ optionValues: ["150 ml"], price: "14.99" });
  });

  it("gives the variants a new option's first value", () => {
    const small = blankVariant({ id: "v1", name: "75 ml", optionValues: ["75 ml"] });
    const large = blankVariant({ id: "v2", name: "150 ml", optionValues: ["150 ml"] });
    const rows = variantsFromOptions(
      [option("Size", "75 ml, 150 ml"), option("Flavour", "Mint, Charcoal")],
      [small, large],
    );
    expect(rows.map((row) => [row.id, row.name])).toEqual([
      ["v1", "75 ml / Mint"],
      [undefined, "75 ml / Charcoal"],
      ["v2", "150 ml / Mint"],
      [undefined, "150 ml / Charcoal"],
    ]);
  });

  it("changes nothing while an option has no values", () => {
    const rows = [blankVariant({ name: "Default" })];
    expect(variantsFromOptions([option("Size", " , ")], rows)).toEqual(rows);
  });

  it("sends one value per option and names a variant by them", () => {
    const row = blankVariant({ name: "old", optionValues: ["Mint"] });
    const sent = JSON.parse(variantsField([option("Flavour", ""), option("Pack", "")], [row]));
    expect(sent[0]).toMatchObject({ name: "Mint", optionValues: ["Mint", ""] });
    expect(JSON.parse(variantsField([], [row]))[0]).toMatchObject({
      name: "old",
      optionValues: [],
    });
  });
});
