import { describe, expect, it } from "vitest";
import { personalPageProblems, publicPageProblems } from "./caching-checks";

// The probes of the caching checks, kept: each check fires on the answer it exists to catch.

const goodPublic = {
  "cache-control":
    "public, max-age=0, s-maxage=20, stale-while-revalidate=30, stale-if-error=86400",
  vary: "Accept-Encoding",
  etag: 'W/"abc"',
  "surrogate-key": "product-prod1 settings",
};

describe("the caching checks", () => {
  it("pass the shop's public and personal answers", () => {
    expect(publicPageProblems(goodPublic, 200)).toEqual([]);
    expect(personalPageProblems({ "cache-control": "private, no-store", vary: "Cookie" })).toEqual(
      [],
    );
  });

  it("fail a public page that sets a cookie or varies on it", () => {
    expect(publicPageProblems({ ...goodPublic, "set-cookie": "a=b" }, 200)).toEqual([
      "sets a cookie",
    ]);
    expect(publicPageProblems({ ...goodPublic, vary: "Accept-Encoding, Cookie" }, 200)).toEqual([
      "varies on Cookie",
    ]);
  });

  it("fail a public page a shared cache may not keep, or cannot purge", () => {
    expect(
      publicPageProblems({ ...goodPublic, "cache-control": "private, no-cache" }, 200),
    ).toEqual([
      "is not public",
      "has no s-maxage",
      "has no stale-while-revalidate",
      "is private or no-store",
    ]);
    const { etag: _etag, "surrogate-key": _tags, ...bare } = goodPublic;
    expect(publicPageProblems(bare, 200)).toEqual(["has no ETag", "has no tags (Surrogate-Key)"]);
  });

  it("fail a personal page that is public", () => {
    expect(personalPageProblems(goodPublic)).toEqual([
      "is not private",
      "is not no-store",
      "is public",
      "is tagged for a shared cache",
    ]);
    expect(personalPageProblems({ "cache-control": "private, no-cache" })).toEqual([
      "is not no-store",
    ]);
  });
});
