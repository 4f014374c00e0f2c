import { describe, expect, it } from "vitest";
import { findSecrets } from "../../tests/log-secrets";
import { loggedPath } from "./request-paths";

describe("loggedPath", () => {
  it("leaves an emailed reset token out of the log, and other paths as they are", () => {
    const path = "/api/auth/reset-password/P7lMVZJ61jOGLftvYdDW1LRB";
    expect(findSecrets(JSON.stringify({ path }))).toHaveLength(1);
    expect(loggedPath(path)).toBe("/api/auth/reset-password/[token]");
    expect(findSecrets(JSON.stringify({ path: loggedPath(path) }))).toEqual([]);
    expect(loggedPath("/product/prod1")).toBe("/product/prod1");
    expect(loggedPath("/reset-password")).toBe("/reset-password");
  });
});
