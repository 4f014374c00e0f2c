import { describe, expect, it } from "vitest";
import { forbidsTransform, preferredEncoding } from "./content-encoding";

describe("preferredEncoding", () => {
  it("takes the offered encoding the client rates highest, the first offered on a tie", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip;q=1, br;q=0.8")).toBe("gzip");
    expect(preferredEncoding("*;q=0.5")).toBe("br");
    expect(preferredEncoding("br;q=0, *")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding(null)).toBe("identity");
  });

  it("chooses among the encodings offered only", () => {
    expect(preferredEncoding("br, gzip;q=0.5", ["gzip"])).toBe("gzip");
    expect(preferredEncoding("br", ["gzip"])).toBe("identity");
  });
});

describe("forbidsTransform", () => {
  it("reads no-transform among Cache-Control's directives", () => {
    expect(forbidsTransform("public, no-transform")).toBe(true);
    expect(forbidsTransform("no-transformation")).toBe(false);
    expect(forbidsTransform(undefined)).toBe(false);
  });
});
