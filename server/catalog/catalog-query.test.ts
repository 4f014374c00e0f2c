import { describe, expect, it } from "vitest";
import { fullTextQuery } from "./catalog-query";

describe("the full-text query for what a shopper typed", () => {
  it("needs every word, the last also as a prefix", () => {
    expect(fullTextQuery("whitening strips")).toBe("whitening & strips:*");
    expect(fullTextQuery("WHIT")).toBe("whit:*");
  });

  it("keeps letters and digits only, so nothing typed is query syntax", () => {
    expect(fullTextQuery("whitening & | ! :* <-> 'strips'")).toBe("whitening & strips:*");
    expect(fullTextQuery("crème brûlée 100%")).toBe("crème & brûlée & 100:*");
    expect(fullTextQuery("%_ -- ;")).toBeNull();
  });
});
