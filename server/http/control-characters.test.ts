import { describe, expect, it } from "vitest";
import {
  addressRefused,
  fieldWithControlCharacters,
  jsonHasControlCharacters,
} from "./control-characters";

describe("control characters at the boundary", () => {
  it("finds the first form field holding one, in its name or its text; line breaks pass", () => {
    expect(
      fieldWithControlCharacters([
        ["address", "1 Road\r\nLondon\tN1"],
        ["shopName", "Gleam\u0000"],
        ["reason", "\u0007"],
      ]),
    ).toBe("shopName");
    expect(fieldWithControlCharacters([["restock:\u0000", "1"]])).toBe("restock:\u0000");
    expect(fieldWithControlCharacters([["notes", "fine\u2028"]])).toBe("notes");
    expect(fieldWithControlCharacters([["file", new File(["\u0000"], "a.png")]])).toBeNull();
    expect(fieldWithControlCharacters([["name", "Ada Lovelace"]])).toBeNull();
  });

  it("walks a JSON body: strings, keys, arrays and nested objects", () => {
    expect(jsonHasControlCharacters({ items: [{ variantId: "a\u0000" }] })).toBe(true);
    expect(jsonHasControlCharacters({ "k\u0000": 1 })).toBe(true);
    expect(jsonHasControlCharacters(["\u001b[31m"])).toBe(true);
    expect(jsonHasControlCharacters({ notes: "line\nbreak", quantity: 2, gift: null })).toBe(false);
  });

  it("walks a document nested far deeper than the stack would allow", () => {
    const depth = 200_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    expect(jsonHasControlCharacters(deep)).toBe(true);
    expect(jsonHasControlCharacters(JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`))).toBe(
      false,
    );
  });

  it("decodes the address: a NUL in the path or the query, or a path it cannot decode, is refused", () => {
    expect(addressRefused("/dashboard/admin-orders/%00", "")).toBe(true);
    expect(addressRefused("/search", "?q=white%00")).toBe(true);
    expect(addressRefused("/search", "?q%0A=1")).toBe(true);
    // A line break is a control character in an address, whatever a textarea may hold.
    expect(addressRefused("/store", "?q=a%0Ab")).toBe(true);
    expect(addressRefused("/store/%E0%A4%A", "")).toBe(true);
    expect(addressRefused("/dashboard/admin-products/%zz", "")).toBe(true);
    expect(addressRefused("/product/prod1", "?q=whitening+strips&page=2")).toBe(false);
  });
});
