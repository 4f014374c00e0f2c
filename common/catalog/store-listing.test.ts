import { describe, expect, it } from "vitest";
import {
  canonicalListingUrl,
  defaultChoices,
  isRefined,
  type ListingSort,
  listingHref,
  listingSorts,
  pageCountOf,
  productCountText,
  readListingChoices,
  searchSorts,
} from "./store-listing";

const read = (query: string, sorts: readonly ListingSort[] = listingSorts) =>
  readListingChoices(new URLSearchParams(query), sorts);

describe("a listing's choices in the URL", () => {
  it("reads sort, price range, stock and page", () => {
    expect(read("sort=price-asc&min=10&max=30&stock=in&page=3")).toEqual({
      sort: "price-asc",
      minPounds: 10,
      maxPounds: 30,
      inStock: true,
      page: 3,
    });
  });

  it("reads anything it does not understand as not given, and never refuses a URL", () => {
    expect(read("sort=relevance&min=ten&max=-5&stock=yes&page=0")).toEqual(
      defaultChoices(listingSorts),
    );
    expect(read("page=99999999").page).toBe(1);
    expect(read("min=1.5").minPounds).toBeNull();
    expect(read("sort=relevance", searchSorts).sort).toBe("relevance");
    expect(read("", searchSorts).sort).toBe("relevance");
  });

  it("swaps a minimum above the maximum", () => {
    expect(read("min=50&max=20")).toMatchObject({ minPounds: 20, maxPounds: 50 });
  });

  it("writes one canonical URL: defaults left out, a fixed order", () => {
    const choices = read("page=2&stock=in&max=30&sort=newest");
    expect(listingHref("/store", choices, listingSorts)).toBe(
      "/store?sort=newest&max=30&stock=in&page=2",
    );
    expect(listingHref("/store", defaultChoices(listingSorts), listingSorts)).toBe("/store");
    expect(
      listingHref("/search", { ...defaultChoices(searchSorts), page: 2 }, searchSorts, {
        q: "pen & paste",
      }),
    ).toBe("/search?q=pen+%26+paste&page=2");
  });

  it("tells a refined listing from the default one", () => {
    expect(isRefined(read("page=4"), listingSorts)).toBe(false);
    expect(isRefined(read("sort=newest"), listingSorts)).toBe(true);
    expect(isRefined(read("stock=in"), listingSorts)).toBe(true);
  });

  it("counts pages and products", () => {
    expect([pageCountOf(0), pageCountOf(24), pageCountOf(25), pageCountOf(10_000)]).toEqual([
      1, 1, 2, 417,
    ]);
    expect(productCountText(1)).toBe("1 product");
    expect(productCountText(10_000)).toBe("10,000 products");
  });

  it("counts the pages of a search that stopped counting, and says it found more", () => {
    // More than 984 fill a 42nd page; more than 1,008 (42 pages' worth) a 43rd.
    expect([pageCountOf(984, true), pageCountOf(984, false)]).toEqual([41, 42]);
    expect([pageCountOf(1008, true), pageCountOf(1008, false)]).toEqual([42, 43]);
    expect(productCountText(1000, false)).toBe("Over 1,000 products");
    expect(productCountText(1000, true)).toBe("1,000 products");
    // Counted to a deep page's end: still said in thousands.
    expect(productCountText(1008, false)).toBe("Over 1,000 products");
    expect(productCountText(2400, false)).toBe("Over 2,000 products");
    expect(productCountText(60, false)).toBe("Over 60 products");
  });

  it("sends a listing URL that is not canonical to the one that is, keeping other parameters", () => {
    const at = (path: string, sorts: readonly ListingSort[] = listingSorts) =>
      canonicalListingUrl(new URL(`http://shop.test${path}`), sorts);
    expect(at("/store")).toBeNull();
    expect(at("/store?sort=newest&page=2")).toBeNull();
    expect(at("/store?sort=featured&min=&max=&stock=in")).toBe("/store?stock=in");
    expect(at("/store?page=2&sort=newest")).toBe("/store?sort=newest&page=2");
    expect(at("/store?sort=bogus&utm_source=mail")).toBe("/store?utm_source=mail");
    expect(at("/search?q=pen&sort=relevance&min=", searchSorts)).toBe("/search?q=pen");
    expect(at("/search?q=pen+%26+paste&page=2", searchSorts)).toBeNull();
    expect(at("/search?q=pen%20%26%20paste&page=2", searchSorts)).toBeNull();
    expect(at("/search?q=%20%20", searchSorts)).toBeNull();
    expect(at("/store?", listingSorts)).toBeNull();
  });
});
