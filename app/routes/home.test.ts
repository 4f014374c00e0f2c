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
  it("leaves the featured block out, shows the starting hero and logs when the database fails", async () => {
    const answer = await loader();
    expect(answer.featured).toBeNull();
    expect(answer.hero.heroTitle).toBe("A brighter smile, the gentle way");
    expect(logged.errors).toHaveLength(2);
  });
});
