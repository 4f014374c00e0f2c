import { describe, expect, it } from "vitest";
import { reviewRequestEmail } from "./templates";

const brand = {
  shopName: "Gleam",
  baseUrl: "https://shop.example",
  supportEmail: "help@shop.example",
};

describe("the review request email", () => {
  it("links each product to its review form, every name as text", () => {
    const email = reviewRequestEmail(brand, "ada@example.com", {
      orderId: "order-1",
      orderNumber: "GL-10001",
      customerName: "Ada <b>Lovelace</b>",
      products: [
        { id: "prod1", name: "Whitening Strips" },
        { id: "prod9", name: '<script>alert("x")</script>' },
      ],
    });
    expect(email.to).toBe("ada@example.com");
    // The customer reads the order's number, never its internal id.
    expect(email.text).toContain("your order GL-10001 has arrived");
    expect(email.text).not.toContain("order-1");
    expect(email.text).toContain(
      "Review Whitening Strips: https://shop.example/product/prod1/review",
    );
    expect(email.html).toContain('href="https://shop.example/product/prod1/review"');
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.html).toContain("Ada &lt;b&gt;Lovelace&lt;/b&gt;");
  });
});
