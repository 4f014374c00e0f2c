import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  bodyKeyNamedTwice,
  jsonDeeperThan,
  jsonKeyNamedTwice,
  MAX_JSON_DEPTH,
  readJsonBody,
} from "./json-request";

const post = (body: string) =>
  new Request("http://localhost/api/x", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });

describe("a JSON body", () => {
  it("counts how deep arrays and objects nest, without recursion", () => {
    expect(jsonDeeperThan({ items: [{ variantId: "a", quantity: 1 }] }, 3)).toBe(false);
    expect(jsonDeeperThan({ items: [{ variantId: ["a"] }] }, 3)).toBe(true);
    expect(jsonDeeperThan("text", 0)).toBe(false);
    const depth = 200_000;
    expect(jsonDeeperThan(JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`), 16)).toBe(true);
  });

  it("refuses a document nested past the limit with a 400, and takes one at it", async () => {
    const schema = z.unknown();
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    await expect(readJsonBody(post(nested(MAX_JSON_DEPTH)), schema)).resolves.toBeTruthy();
    await expect(readJsonBody(post(nested(MAX_JSON_DEPTH + 1)), schema)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The request is nested too deeply.",
    });
    // 60 KB of brackets, unbalanced (not JSON) and balanced.
    const brackets = 30 * 1024;
    await expect(readJsonBody(post("[".repeat(2 * brackets)), schema)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The request body is not valid JSON.",
    });
    await expect(
      readJsonBody(post(`${"[".repeat(brackets)}${"]".repeat(brackets)}`), schema),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "The request is nested too deeply." });
  });

  // docs/decisions/076: JSON.parse keeps the last of two keys silently.
  it("finds a key an object names twice, however it is spelt, at any depth", () => {
    expect(jsonKeyNamedTwice('{"intent":"a","status":"paid"}')).toBeNull();
    expect(jsonKeyNamedTwice('{"intent":"fulfil","intent":"cancel"}')).toBe("intent");
    expect(jsonKeyNamedTwice('{"amount":1,"\\u0061mount":2}')).toBe("amount");
    expect(jsonKeyNamedTwice('{"items":[{"id":"a"},{"id":"b","quantity":1,"id":"c"}]}')).toBe("id");
    // The same key in two objects is two keys.
    expect(jsonKeyNamedTwice('{"a":{"id":1},"b":{"id":2}}')).toBeNull();
    expect(bodyKeyNamedTwice("not json")).toBeNull();
    expect(bodyKeyNamedTwice('{"email":"a@b.example","email":"c@d.example"}')).toBe("email");
  });

  it("refuses a body that names a field twice with a 400 naming it", async () => {
    const schema = z.object({ intent: z.string() });
    await expect(readJsonBody(post('{"intent":"a"}'), schema)).resolves.toEqual({ intent: "a" });
    await expect(
      readJsonBody(post('{"intent":"fulfil","intent":"cancel"}'), schema),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "intent",
      message: "The field “intent” was sent more than once. Send each field once.",
    });
  });
});
