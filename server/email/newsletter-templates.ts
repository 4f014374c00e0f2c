import type { Brand } from "../settings/shop-settings";
import { button, escapeHtml, layout, paragraph, textFooter } from "./email-layout";
import type { OutgoingEmail } from "./transport";

// The newsletter's emails (server/newsletter/subscriptions.ts): the double opt-in's link, and the
// marketing that follows, each ending with the subscriber's own way out.

/**
 * The newsletter's double opt-in (server/newsletter/subscriptions.ts): the link that makes a
 * sign-up a subscription. Not marketing itself: it goes to an address not yet confirmed.
 */
export function newsletterConfirmationEmail(brand: Brand, to: string, url: string): OutgoingEmail {
  const heading = "Confirm your subscription";
  const lines = [
    `Someone, we hope you, asked to receive the ${brand.shopName} newsletter at this address: deals, new products and oral health tips.`,
    "Please confirm that you want it. Until you do, we send you nothing else.",
  ];
  const after = "If you did not ask for this, ignore this email and you will not hear from us.";
  return {
    to,
    subject: `Confirm your ${brand.shopName} newsletter subscription`,
    html: layout(
      brand,
      heading,
      `${lines.map(paragraph).join("")}${button(url, "Confirm my subscription")}${paragraph(after)}`,
    ),
    text: `${heading}\n\n${lines.join("\n\n")}\n\nConfirm your subscription: ${url}\n\n${after}\n${textFooter(brand)}`,
  };
}

/** What every marketing email ends with: why it came, and the subscriber's own way out. */
function unsubscribeFooter(brand: Brand, url: string) {
  const why = `You get this because you subscribed to the ${brand.shopName} newsletter.`;
  return {
    html: `<p style="margin:24px 0 0;font-size:13px;color:#475569">${escapeHtml(why)} <a href="${escapeHtml(url)}" style="color:#115e59">Unsubscribe</a></p>`,
    text: `${why}\nUnsubscribe: ${url}\n${textFooter(brand)}`,
  };
}

/** The first marketing email: the subscription is confirmed, and here is how to leave it. */
export function newsletterWelcomeEmail(
  brand: Brand,
  to: string,
  unsubscribeUrl: string,
): OutgoingEmail {
  const heading = "You're subscribed";
  const lines = [
    `Thanks for confirming. You will hear from ${brand.shopName} about new products, offers and tips for a brighter smile, a few times a month at most.`,
  ];
  const footer = unsubscribeFooter(brand, unsubscribeUrl);
  return {
    to,
    subject: `Welcome to the ${brand.shopName} newsletter`,
    html: layout(
      brand,
      heading,
      `${lines.map(paragraph).join("")}${button(`${brand.baseUrl}/store`, "Shop now")}${footer.html}`,
    ),
    text: `${heading}\n\n${lines.join("\n\n")}\n\nShop now: ${brand.baseUrl}/store\n\n${footer.text}`,
  };
}

/**
 * The abandoned checkout reminder (server/newsletter/checkout-reminder.ts): marketing, so only to a
 * subscriber, with their way out; the link brings their order's items back to the checkout.
 */
export function checkoutReminderEmail(
  brand: Brand,
  to: string,
  input: {
    customerName: string;
    items: string[];
    checkoutUrl: string;
    unsubscribeUrl: string;
  },
): OutgoingEmail {
  const heading = "Your order is waiting";
  const lines = [
    `Hi ${input.customerName},`,
    `You left your order before paying: ${input.items.join(", ")}. We are still holding it for you, for a little while.`,
  ];
  const footer = unsubscribeFooter(brand, input.unsubscribeUrl);
  return {
    to,
    subject: `Your ${brand.shopName} order is waiting for you`,
    html: layout(
      brand,
      heading,
      `${lines.map(paragraph).join("")}${button(input.checkoutUrl, "Complete my order")}${footer.html}`,
    ),
    text: `${heading}\n\n${lines.join("\n\n")}\n\nComplete your order: ${input.checkoutUrl}\n\n${footer.text}`,
  };
}

/** The product block under a campaign's text: its picture, name, price and link. */
export type CampaignProduct = { name: string; url: string; imageUrl: string; price: string };

/**
 * A newsletter campaign (server/newsletter/campaigns.ts): the admin's subject and sanitised text
 * (`bodyHtml`, with its plain-text twin), the product block if any, and the subscriber's way out.
 */
export function campaignEmail(
  brand: Brand,
  to: string,
  input: {
    subject: string;
    bodyHtml: string;
    bodyText: string;
    product: CampaignProduct | null;
    unsubscribeUrl: string;
  },
): OutgoingEmail {
  const footer = unsubscribeFooter(brand, input.unsubscribeUrl);
  const product = input.product
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:24px 0;border:1px solid #e2e8f0;border-radius:12px"><tr><td style="padding:16px;text-align:center"><img src="${escapeHtml(input.product.imageUrl)}" width="200" height="200" alt="${escapeHtml(input.product.name)}" style="display:block;margin:0 auto 12px;border-radius:12px;background:#ccfbf1"><p style="margin:0;font-weight:700;font-size:18px">${escapeHtml(input.product.name)}</p><p style="margin:4px 0 0;color:#475569">${escapeHtml(input.product.price)}</p>${button(input.product.url, "Shop now")}</td></tr></table>`
    : "";
  const productText = input.product
    ? `\n\n${input.product.name}, ${input.product.price}: ${input.product.url}`
    : "";
  return {
    to,
    subject: input.subject,
    html: layout(brand, input.subject, `${input.bodyHtml}${product}${footer.html}`),
    text: `${input.subject}\n\n${input.bodyText}${productText}\n\n${footer.text}`,
  };
}
