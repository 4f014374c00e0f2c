import { findProductsByName } from "@server/admin/product-picker";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

describe.each(testDrivers)("the admin's product picker on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("finds products by a part of their name, drafts too, a few at a time, % and _ as typed", async () => {
    await createProduct(db(), { name: "Whitening Pen", slug: "pen" });
    await createProduct(db(), { name: "Travel Pen Case", slug: "case", active: false });
    await createProduct(db(), { name: "100% Mint Gel", slug: "gel" });
    for (let index = 0; index < 10; index += 1) {
      await createProduct(db(), { name: `Strip Pack ${index}`, slug: `strip-${index}` });
    }
    expect(await findProductsByName(db(), "  pEn ")).toEqual([
      { slug: "case", name: "Travel Pen Case", active: false },
      { slug: "pen", name: "Whitening Pen", active: true },
    ]);
    expect((await findProductsByName(db(), "0%")).map((product) => product.slug)).toEqual(["gel"]);
    expect(await findProductsByName(db(), "_")).toEqual([]);
    expect(await findProductsByName(db(), "   ")).toEqual([]);
    expect(await findProductsByName(db(), "strip pack")).toHaveLength(8);
  });
});
