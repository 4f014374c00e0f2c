import { describe, expect, it } from "vitest";
import { DomainError, errorCodes, httpStatusFor, publicMessage } from "./errors";

describe("httpStatusFor", () => {
  it("maps every code to a 4xx or 5xx status", () => {
    for (const code of errorCodes) {
      expect(httpStatusFor(code)).toBeGreaterThanOrEqual(400);
    }
    expect(httpStatusFor("NOT_FOUND")).toBe(404);
    expect(httpStatusFor("OUT_OF_STOCK")).toBe(409);
    expect(httpStatusFor("RATE_LIMITED")).toBe(429);
  });
});

describe("publicMessage", () => {
  it("shows a domain error's message and hides anything else", () => {
    expect(publicMessage(new DomainError("NOT_FOUND", "Product not found."), "fallback")).toBe(
      "Product not found.",
    );
    expect(publicMessage(new Error("ECONNREFUSED 10.0.0.5:5432"), "fallback")).toBe("fallback");
  });
});
