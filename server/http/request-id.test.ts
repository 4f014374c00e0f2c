import { describe, expect, it } from "vitest";
import { requestIdFor } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdFor", () => {
  it("makes a new id when no proxy is trusted, whatever the client sent", () => {
    expect(requestIdFor(undefined, false)).toMatch(UUID);
    expect(requestIdFor("proxy-made-id-123", false)).toMatch(UUID);
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false));
  });

  it("keeps a trusted proxy's id when it looks like one", () => {
    expect(requestIdFor("proxy-made-id-123", true)).toBe("proxy-made-id-123");
    expect(requestIdFor("5f0c1c1e-8d1c-4c55-9a55-0b1f2e6f9a10", true)).toBe(
      "5f0c1c1e-8d1c-4c55-9a55-0b1f2e6f9a10",
    );
  });

  it("replaces an id that could forge or flood a log line", () => {
    for (const sent of ['x", "admin": true', "short", "a".repeat(129), "line\nbreak-id", ""]) {
      expect(requestIdFor(sent, true)).toMatch(UUID);
    }
  });
});
