import { describe, expect, it } from "vitest";
import { forgetInRequest, inRequestScope, oncePerRequest } from "./request-scope";

describe("request scope", () => {
  it("works a value out once per request, across awaits, and apart for each request", async () => {
    let computed = 0;
    const read = () => oncePerRequest("session", () => ++computed);
    const [first, second] = await Promise.all([
      inRequestScope(async () => {
        const a = read();
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [a, read(), read()];
      }),
      inRequestScope(async () => [read(), read()]),
    ]);
    expect(first).toEqual([1, 1, 1]);
    expect(second).toEqual([2, 2]);
  });

  it("works it out again once forgotten, and every time outside a request", async () => {
    let computed = 0;
    const read = () => oncePerRequest("session", () => ++computed);
    const values = await inRequestScope(async () => {
      const before = read();
      forgetInRequest("session");
      return [before, read(), read()];
    });
    expect(values).toEqual([1, 2, 2]);
    expect([read(), read()]).toEqual([3, 4]);
  });
});
