import { describe, expect, it } from "vitest";
import { etagFor, jsonError, jsonWithETag, matchesETag } from "./json-response";

const request = (headers: Record<string, string> = {}) =>
  new Request("http://shop.test/api/products", { headers });

describe("jsonWithETag", () => {
  it("answers the JSON with a weak ETag of its body", async () => {
    const response = jsonWithETag(request(), { products: [] });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("ETag")).toBe(etagFor('{"products":[]}'));
    expect(response.headers.get("ETag")).toMatch(/^W\/".+"$/);
    expect(await response.json()).toEqual({ products: [] });
  });

  it("gives a different ETag to a different body", () => {
    expect(etagFor('{"a":1}')).not.toBe(etagFor('{"a":2}'));
  });

  it("answers 304 with no body when If-None-Match names the ETag", async () => {
    const etag = etagFor('{"products":[]}');
    const response = jsonWithETag(request({ "If-None-Match": etag }), { products: [] });
    expect(response.status).toBe(304);
    expect(response.headers.get("ETag")).toBe(etag);
    expect(await response.text()).toBe("");
  });

  it("answers 200 when If-None-Match names another version", () => {
    const response = jsonWithETag(request({ "If-None-Match": 'W/"old"' }), { products: [] });
    expect(response.status).toBe(200);
  });
});

describe("matchesETag", () => {
  it("compares weakly and within a list", () => {
    expect(matchesETag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesETag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesETag("*", 'W/"abc"')).toBe(true);
    expect(matchesETag('W/"abcd"', 'W/"abc"')).toBe(false);
    expect(matchesETag(null, 'W/"abc"')).toBe(false);
  });
});

describe("jsonError", () => {
  it("answers { error } with the status", async () => {
    const response = jsonError(400, "Bad limit.");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Bad limit." });
  });
});
