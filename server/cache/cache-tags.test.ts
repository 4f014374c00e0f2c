import { describe, expect, it } from "vitest";
import { inRequestScope } from "../request-scope";
import { PRODUCTS_TAG, pageTags, productTag, tagPage } from "./cache-tags";

describe("page tags", () => {
  it("collects what one request read, once each, in a stable order", async () => {
    const tags = await inRequestScope(async () => {
      tagPage(productTag("b"), PRODUCTS_TAG);
      await Promise.resolve();
      tagPage(productTag("a"), productTag("b"));
      return pageTags();
    });
    expect(tags).toEqual(["product-a", "product-b", "products"]);
  });

  it("keeps each request's tags its own", async () => {
    const [first, second] = await Promise.all([
      inRequestScope(async () => {
        tagPage("product-1");
        await new Promise((resolve) => setTimeout(resolve, 5));
        return pageTags();
      }),
      inRequestScope(async () => {
        tagPage("product-2");
        return pageTags();
      }),
    ]);
    expect(first).toEqual(["product-1"]);
    expect(second).toEqual(["product-2"]);
  });

  it("notes nothing outside a request", () => {
    tagPage("product-3");
    expect(pageTags()).toEqual([]);
  });
});
