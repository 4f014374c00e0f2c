import { describe, expect, it } from "vitest";
import { medianOfRounds, type RouteFigures } from "./bench-routes";

const figures = (rps: number, p50: number, p99: number, non2xx = 0): RouteFigures => ({
  requestsPerSecond: rps,
  latencyP50Ms: p50,
  latencyP99Ms: p99,
  non2xx,
  errors: 0,
});

describe("medianOfRounds", () => {
  it("takes each figure's median over the rounds, the p99's range and every failure", () => {
    const combined = medianOfRounds([
      { "/a": figures(900, 8, 30), "/b": figures(300, 30, 80) },
      { "/a": figures(1100, 6, 22, 2), "/b": figures(250, 35, 95) },
      { "/a": figures(1000, 7, 70), "/b": figures(280, 33, 70, 1) },
    ]);
    expect(combined["/a"]).toEqual({
      requestsPerSecond: 1000,
      latencyP50Ms: 7,
      latencyP99Ms: 30,
      latencyP99RangeMs: [22, 70],
      non2xx: 2,
      errors: 0,
    });
    expect(combined["/b"]).toMatchObject({ requestsPerSecond: 280, latencyP99Ms: 80, non2xx: 1 });
  });

  it("refuses rounds that did not measure the same routes", () => {
    expect(() => medianOfRounds([{ "/a": figures(1, 1, 1) }, {}])).toThrow(/did not measure \/a/);
  });

  it("gives nothing for no rounds", () => {
    expect(medianOfRounds([])).toEqual({});
  });
});
