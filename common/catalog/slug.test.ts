import { describe, expect, it } from "vitest";
import { slugFromName } from "./slug";

describe("a slug from a product's name", () => {
  it("keeps letters and digits, joined by single dashes", () => {
    expect(slugFromName("Whitening Strips (28 pack)")).toBe("whitening-strips-28-pack");
    expect(slugFromName("  Crème Brûlée & Mint!! ")).toBe("creme-brulee-and-mint");
    expect(slugFromName("---")).toBe("");
  });

  it("stays under the server's 80 characters, without a dash at the end", () => {
    const slug = slugFromName(`${"a".repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});
