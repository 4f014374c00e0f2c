import { describe, expect, it } from "vitest";
import type { Brand } from "../settings/shop-settings";
import { companyDisclosure } from "./email-layout";
import {
  checkoutReminderEmail,
  newsletterConfirmationEmail,
  newsletterWelcomeEmail,
} from "./newsletter-templates";
import { returnApprovedEmail, returnRejectedEmail, returnRequestedEmail } from "./return-templates";
import {
  cancelledOrderPaymentEmail,
  orderCancelledEmail,
  orderConfirmationEmail,
  orderMessageEmail,
  orderRefundedEmail,
  orderShippedEmail,
  passwordResetEmail,
  reviewRequestEmail,
  verificationEmail,
} from "./templates";

const brand: Brand = {
  shopName: "Gleam",
  baseUrl: "https://shop.example",
  supportEmail: "help@shop.example",
  company: {
    legalName: "Gleam Smile Ltd",
    companyNumber: "SC123456",
    registeredOffice: "1 Example Street, Edinburgh, EH1 1AA",
    vatNumber: "GB999999973",
  },
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

describe("every email", () => {
  const order = {
    orderId: "order-1",
    orderNumber: "GL-10001",
    customerName: "Ada Lovelace",
    items: [
      { name: "Whitening Strips", variantName: "14 days", quantity: 1, unitPricePence: 3999 },
    ],
    subtotalPence: 3999,
    discountPence: 0,
    shippingPence: 399,
    vatPence: 733,
    totalPence: 4398,
    shippingAddress: "1 Analytical Row\nLondon\nN1 1AA",
    delivery: null,
    discountCode: null,
    offerTitle: null,
    carrier: null,
    trackingNumber: null,
    amountPence: 4398,
    refundedPence: 4398,
    cardLast4: "4242",
    returnNumber: 7,
    adminMessage: null,
    subject: "Your parcel",
    body: "It is on its way.",
    products: [{ id: "prod1", name: "Whitening Strips" }],
    refunded: true,
  };
  const to = { email: "ada@example.com", name: "Ada" };
  const returnOrder = {
    ...order,
    items: ["1 × Whitening Strips"],
    returnAddress: ["Gleam Returns", "1 Example Street"],
  };
  const emails = {
    verificationEmail: verificationEmail(brand, to, "https://shop.example/verify"),
    passwordResetEmail: passwordResetEmail(brand, to, "https://shop.example/reset"),
    orderConfirmationEmail: orderConfirmationEmail(brand, to.email, order),
    orderShippedEmail: orderShippedEmail(brand, to.email, order),
    orderCancelledEmail: orderCancelledEmail(brand, to.email, order),
    orderRefundedEmail: orderRefundedEmail(brand, to.email, order),
    cancelledOrderPaymentEmail: cancelledOrderPaymentEmail(brand, to.email, order),
    reviewRequestEmail: reviewRequestEmail(brand, to.email, order),
    orderMessageEmail: orderMessageEmail(brand, to.email, order),
    returnRequestedEmail: returnRequestedEmail(brand, to.email, returnOrder),
    returnApprovedEmail: returnApprovedEmail(brand, to.email, returnOrder),
    returnRejectedEmail: returnRejectedEmail(brand, to.email, returnOrder),
    newsletterConfirmationEmail: newsletterConfirmationEmail(brand, to.email, "https://x.example"),
    newsletterWelcomeEmail: newsletterWelcomeEmail(brand, to.email, "https://x.example"),
    checkoutReminderEmail: checkoutReminderEmail(brand, to.email, {
      customerName: "Ada",
      items: ["Whitening Strips"],
      checkoutUrl: "https://shop.example/checkout",
      unsubscribeUrl: "https://x.example",
    }),
  };

  it("carries the company's trading disclosures, in its HTML and its text", () => {
    const disclosure =
      "Gleam Smile Ltd, registered in Scotland, company number SC123456. Registered office: 1 Example Street, Edinburgh, EH1 1AA. VAT number GB999999973.";
    for (const [name, email] of Object.entries(emails)) {
      expect(email.text, name).toContain(disclosure);
      expect(email.text, name).toContain(
        "Questions? Reply to this email or write to help@shop.example.",
      );
      expect(email.html, name).toContain(disclosure);
    }
  });

  it("says where the company is registered from its number, and leaves out what is not set", () => {
    expect(companyDisclosure({ ...brand.company, companyNumber: "12345678" })).toContain(
      "registered in England and Wales, company number 12345678.",
    );
    expect(companyDisclosure({ ...brand.company, companyNumber: "NI612345" })).toContain(
      "registered in Northern Ireland",
    );
    expect(
      companyDisclosure({
        legalName: "Gleam",
        companyNumber: "",
        registeredOffice: "",
        vatNumber: "",
      }),
    ).toBe("Gleam.");
  });
});
