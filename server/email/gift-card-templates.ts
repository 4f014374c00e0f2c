import { formatGiftCardCode } from "../../common/gift-cards/gift-cards";
import { formatPence } from "../../common/money";
import type { Brand } from "../settings/shop-settings";
import { button, escapeHtml, layout, paragraph, textFooter } from "./email-layout";
import type { OutgoingEmail } from "./transport";

// A gift card's email (server/gift-cards/gift-card-delivery.ts): its code, what it holds, and the
// giver's message, to the person it is for on the day chosen.

export type GiftCardEmail = {
  code: string;
  /** What it was issued for: the gift, as the subject names it. */
  initialPence: number;
  /** What it holds as the email goes (an admin may have changed it since it was issued). */
  balancePence: number;
  recipientEmail: string;
  recipientName: string | null;
  senderName: string | null;
  message: string | null;
};

export function giftCardEmail(brand: Brand, card: GiftCardEmail): OutgoingEmail {
  const amount = formatPence(card.balancePence);
  const from = card.senderName ? `${card.senderName} sent you` : "Here is";
  const heading = `${from} a ${formatPence(card.initialPence)} ${brand.shopName} gift card`;
  const greeting = card.recipientName ? `Hello ${card.recipientName},` : "Hello,";
  const code = formatGiftCardCode(card.code);
  const how = `Enter the code at checkout to pay for part or all of an order. What you do not spend stays on the card for next time; the checkout shows what is left.`;
  const storeUrl = `${brand.baseUrl}/store`;
  const messageHtml = card.message
    ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #0f766e;background:#f0fdfa;white-space:pre-line">${escapeHtml(card.message)}</blockquote>`
    : "";
  const codeHtml = `<p style="margin:16px 0;font-size:22px;font-weight:700;letter-spacing:2px;font-family:Menlo,Consolas,monospace">${escapeHtml(code)}</p>`;
  return {
    to: card.recipientEmail,
    subject: heading,
    html: layout(
      brand,
      heading,
      `${paragraph(greeting)}${messageHtml}${paragraph(`Your gift card holds ${amount}. Its code:`)}${codeHtml}${paragraph(how)}${button(storeUrl, "Visit the shop")}${paragraph("Keep this email: the code is the card, so treat it like cash.")}`,
    ),
    text: `${heading}\n\n${greeting}\n\n${card.message ? `${card.message}\n\n` : ""}Your gift card holds ${amount}. Its code:\n\n${code}\n\n${how}\n\nVisit the shop: ${storeUrl}\n\nKeep this email: the code is the card, so treat it like cash.\n${textFooter(brand)}`,
  };
}
