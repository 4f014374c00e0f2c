import { describe, expect, it } from "vitest";
import { fullTextQuery } from "./search-stages";

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

  it("lets a word be any of its close words too (typo tolerance), words only", () => {
    const close = new Map([
      ["whitning", ["whitening", "whitener"]],
      ["strps", ["strips"]],
    ]);
    expect(fullTextQuery("whitning strps", close)).toBe(
      "(whitning | whitening | whitener) & (strps:* | strips)",
    );
    // A word given as its own alternative, or none, stays as typed.
    expect(fullTextQuery("pen strps", new Map([["pen", ["pen"]]]))).toBe("pen & strps:*");
    // An alternative that is not one word is left out: it could be read as query syntax.
    expect(
      fullTextQuery("strps", new Map([["strps", ["strips | gel", "a:*", "", "strips"]]])),
    ).toBe("(strps:* | strips)");
  });
});
