import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonDeeperThan, MAX_JSON_DEPTH, readJsonBody } from "./json-request";

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
});
