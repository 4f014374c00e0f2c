import { describe, expect, it, vi } from "vitest";

// docs/product.md#messages: a failed featured query is only logged, and the block is left out. The database
// is replaced by one that fails (see store.test.ts for why).
vi.mock("@server/db/connection", () => ({
  getDb: async () => {
    throw new Error("database unavailable");
  },
}));
const logged = vi.hoisted(() => ({ errors: [] as unknown[] }));
vi.mock("@server/logger", () => ({
  logger: { error: (...args: unknown[]) => logged.errors.push(args) },
}));

const { loader } = await import("./home");

describe("home loader", () => {
  it("leaves the featured block out and logs the error when the query fails", async () => {
    expect(await loader()).toEqual({ featured: null });
    expect(logged.errors).toHaveLength(1);
  });
});
