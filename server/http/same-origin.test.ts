import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { sameOriginOnly } from "./same-origin";

function appBehind(publicOrigin: string) {
  const app = new Hono();
  app.use(sameOriginOnly(publicOrigin));
  app.all("*", (c) => c.text("done"));
  app.onError((error) => {
    if (error instanceof HTTPException) return error.getResponse();
    throw error;
  });
  return app;
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };

describe("sameOriginOnly", () => {
  const app = appBehind("https://shop.example");

  it("lets the shop's own forms through, from its public address or the address reached", async () => {
    for (const origin of ["https://shop.example", "http://internal:3000"]) {
      const response = await app.request("http://internal:3000/dashboard/details", {
        method: "POST",
        headers: { ...form, Origin: origin },
        body: "fullName=A",
      });
      expect(response.status).toBe(200);
    }
    const sameSite = await app.request("http://internal:3000/dashboard/details", {
      method: "POST",
      headers: { ...form, "Sec-Fetch-Site": "same-origin" },
      body: "fullName=A",
    });
    expect(sameSite.status).toBe(200);
  });

  it("refuses a form posted from another site, or with no origin at all", async () => {
    const crossSite = await app.request("http://internal:3000/dashboard/details", {
      method: "POST",
      headers: { ...form, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: "fullName=A",
    });
    expect(crossSite.status).toBe(403);
    const bare = await app.request("http://internal:3000/dashboard/settings", { method: "DELETE" });
    expect(bare.status).toBe(403);
  });

  it("leaves reads alone", async () => {
    const response = await app.request("http://internal:3000/store", {
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(200);
  });
});
