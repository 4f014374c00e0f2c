import { describe, expect, it } from "vitest";
import { isPublicAuthEndpoint } from "./auth";

describe("isPublicAuthEndpoint", () => {
  it("lets browsers reach the emailed links and log out", () => {
    expect(isPublicAuthEndpoint("GET", "/api/auth/verify-email")).toBe(true);
    expect(isPublicAuthEndpoint("GET", "/api/auth/reset-password/abc123")).toBe(true);
    expect(isPublicAuthEndpoint("POST", "/api/auth/sign-out")).toBe(true);
  });

  it("keeps every other better-auth endpoint for the shop's own in-process calls", () => {
    for (const [method, path] of [
      ["POST", "/api/auth/sign-up/email"],
      ["POST", "/api/auth/sign-in/email"],
      ["POST", "/api/auth/update-user"],
      ["POST", "/api/auth/change-email"],
      ["POST", "/api/auth/delete-user"],
      ["GET", "/api/auth/list-sessions"],
      ["GET", "/api/auth/get-session"],
      ["POST", "/api/auth/verify-email"],
      ["GET", "/api/auth/reset-password/a/b"],
    ] as const) {
      expect(isPublicAuthEndpoint(method, path), `${method} ${path}`).toBe(false);
    }
  });
});
