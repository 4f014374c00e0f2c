import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry-delay";

describe("retryDelayMs", () => {
  it("starts at 30 seconds, doubles, and stops growing at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(60 * 60_000);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
  });
});
