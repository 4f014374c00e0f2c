import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { handlingOrigin, onHandlingOrigin, sameOriginOnly } from "./same-origin";

const origins = ["https://shop.example", "http://localhost:3000", "http://127.0.0.1:3000"];

function appWith(allowed: string[]) {
  const app = new Hono();
  app.use(sameOriginOnly(allowed));
  app.all("*", (c) => c.text("done"));
  return app;
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };
const json = { "Content-Type": "application/json" };

describe("sameOriginOnly", () => {
  const app = appWith(origins);

  it("lets the shop's own forms and JSON through, from any of its origins", async () => {
    for (const origin of origins) {
      for (const headers of [form, json]) {
        const response = await app.request("http://internal:3000/dashboard/details", {
          method: "POST",
          headers: { ...headers, Origin: origin },
          body: "x",
        });
        expect(response.status).toBe(200);
      }
    }
    const sameSite = await app.request("http://internal:3000/dashboard/details", {
      method: "POST",
      headers: { ...form, "Sec-Fetch-Site": "same-origin" },
      body: "fullName=A",
    });
    expect(sameSite.status).toBe(200);
  });

  it("refuses forms and JSON from another site, whatever the content type", async () => {
    for (const headers of [form, json, {}]) {
      const crossSite = await app.request("http://internal:3000/api/checkout/payment-intent", {
        method: "POST",
        headers: { ...headers, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        body: "{}",
      });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toEqual({
        error: "This request must come from the shop's own pages.",
      });
      const siteOnly = await app.request("http://internal:3000/api/wishlist/prod1", {
        method: "PUT",
        headers: { ...headers, "Sec-Fetch-Site": "same-site" },
      });
      expect(siteOnly.status).toBe(403);
    }
  });

  it("lets a mail app's one-click unsubscribe through, and nothing else on a neighbouring path", async () => {
    const bare = await app.request("http://internal:3000/api/newsletter/unsubscribe?token=t", {
      method: "POST",
      headers: form,
      body: "List-Unsubscribe=One-Click",
    });
    expect(bare.status).toBe(200);
    const bareElsewhere = await app.request("http://internal:3000/api/newsletter", {
      method: "POST",
      headers: form,
      body: "email=a@example.com",
    });
    expect(bareElsewhere.status).toBe(403);
  });

  it("does not take the address reached as the shop's own (a rebound name is another site)", async () => {
    const rebound = await app.request("http://evil.example:3000/dashboard/details", {
      method: "POST",
      headers: { ...form, Origin: "http://evil.example:3000" },
      body: "fullName=A",
    });
    expect(rebound.status).toBe(403);
    const opaque = await app.request("http://internal:3000/login", {
      method: "POST",
      headers: { ...form, Origin: "null" },
      body: "a=b",
    });
    expect(opaque.status).toBe(403);
  });

  it("refuses a bare form post; lets a bare JSON call through (a webhook: no browser, no cookie)", async () => {
    const bareForm = await app.request("http://internal:3000/dashboard/settings", {
      method: "DELETE",
    });
    expect(bareForm.status).toBe(403);
    const webhook = await app.request("http://internal:3000/api/webhooks/stripe", {
      method: "POST",
      headers: json,
      body: "{}",
    });
    expect(webhook.status).toBe(200);
  });

  it("leaves reads alone", async () => {
    const response = await app.request("http://internal:3000/store", {
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(200);
  });
});

describe("handlingOrigin", () => {
  it("is the browser's origin when it is the shop's", () => {
    const request = new Request("http://127.0.0.1:3000/login", {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:3000" },
    });
    expect(handlingOrigin(request, origins)).toBe("http://127.0.0.1:3000");
  });

  it("is the public origin behind a TLS proxy, or one that rewrites Host", () => {
    for (const url of ["http://shop.example/login", "http://10.0.0.5:3000/login"]) {
      const request = new Request(url, {
        method: "POST",
        headers: { Origin: "https://shop.example" },
      });
      const handled = onHandlingOrigin(request, origins);
      expect(handled.url).toBe("https://shop.example/login");
      expect(handled.headers.get("Origin")).toBe("https://shop.example");
    }
    expect(handlingOrigin(new Request("http://10.0.0.5:3000/store"), origins)).toBe(
      "https://shop.example",
    );
  });

  it("keeps a request already on a shop origin as it is", () => {
    const request = new Request("http://localhost:3000/store?q=1");
    expect(onHandlingOrigin(request, origins)).toBe(request);
  });

  it("keeps the body of a rebuilt request", async () => {
    const request = new Request("http://10.0.0.5:3000/login", {
      method: "POST",
      headers: { Origin: "https://shop.example", ...form },
      body: "email=a%40b.c",
    });
    expect(await onHandlingOrigin(request, origins).text()).toBe("email=a%40b.c");
  });
});
