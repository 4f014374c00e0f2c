import { beforeEach, describe, expect, it, vi } from "vitest";

// The failure path of the store's loader: the database is replaced by one that fails, which a
// real database cannot be made to do on demand. The success path runs against real databases in
// the integration and end-to-end tests.
const failure = vi.hoisted(() => ({ error: new Error("connection refused") as Error }));
vi.mock("@server/db/connection", () => ({
  getDb: async () => {
    throw failure.error;
  },
}));
const logged = vi.hoisted(() => ({ errors: [] as unknown[] }));
vi.mock("@server/logger", () => ({
  logger: { error: (...args: unknown[]) => logged.errors.push(args) },
}));

const { loader } = await import("./store");
const { DomainError } = await import("@server/errors");

/** The loader's arguments for /store (only the request and params are read). */
const storeArgs = {
  request: new Request("http://shop.test/store"),
  url: new URL("http://shop.test/store"),
  params: {},
} as unknown as Parameters<typeof loader>[0];

beforeEach(() => {
  logged.errors.length = 0;
});

describe("store loader", () => {
  it("answers 503 with the store list's fallback text, logs the cause, and hides internal details", async () => {
    failure.error = new Error("connection refused to 10.0.0.5");
    const result = await loader(storeArgs);
    expect(result).toMatchObject({
      data: { products: [], error: "Failed to load products" },
      init: { status: 503 },
    });
    expect(JSON.stringify(result)).not.toContain("10.0.0.5");
    expect(logged.errors).toHaveLength(1);
  });

  it("shows a domain error's own message", async () => {
    failure.error = new DomainError("UNAVAILABLE", "The shop is closed for maintenance.");
    const result = await loader(storeArgs);
    expect(result).toMatchObject({ data: { error: "The shop is closed for maintenance." } });
  });
});
