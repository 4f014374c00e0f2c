import { formatReturnNumber } from "../../common/returns/returns";
import type { Brand } from "../settings/shop-settings";
import { orderNoticeEmail } from "./templates";
import type { OutgoingEmail } from "./transport";

// The customer's emails about a return (server/returns/): asked, approved with how to send it
// back, or not accepted. The refund on receipt is told by the order's refund email.

export type ReturnEmailInput = {
  orderId: string;
  /** GL-10241: what the customer reads. */
  orderNumber: string;
  returnNumber: number;
  customerName: string;
  /** "2 × Whitening Strips" each. */
  items: string[];
  adminMessage: string | null;
};

export function returnRequestedEmail(
  brand: Brand,
  to: string,
  input: ReturnEmailInput,
): OutgoingEmail {
  const reference = formatReturnNumber(input.returnNumber);
  return orderNoticeEmail(brand, to, {
    heading: "We have your return request",
    lines: [
      `Hi ${input.customerName},`,
      `Your request ${reference} to return items of order ${input.orderNumber} has reached us: ${input.items.join(", ")}.`,
      "We will reply within 24 hours. Please do not send anything back until we have.",
    ],
    orderId: input.orderId,
    subject: `Your return request ${reference} for ${brand.shopName} order ${input.orderNumber}`,
  });
}

export function returnApprovedEmail(
  brand: Brand,
  to: string,
  input: ReturnEmailInput & { returnAddress: string[] },
): OutgoingEmail {
  const reference = formatReturnNumber(input.returnNumber);
  return orderNoticeEmail(brand, to, {
    heading: "Your return is approved",
    lines: [
      `Hi ${input.customerName},`,
      `We have approved your return ${reference} for order ${input.orderNumber}: ${input.items.join(", ")}.`,
      ...(input.adminMessage ? [input.adminMessage] : []),
      `How to send it back: pack the items securely with a note saying ${reference}, and post them to ${input.returnAddress.join(", ")}. A tracked service is best; keep the receipt.`,
      "Once the parcel reaches us we refund you to the card you paid with, and email you to say so.",
    ],
    orderId: input.orderId,
    subject: `Your return ${reference} is approved: how to send it back`,
  });
}

export function returnRejectedEmail(
  brand: Brand,
  to: string,
  input: ReturnEmailInput,
): OutgoingEmail {
  const reference = formatReturnNumber(input.returnNumber);
  return orderNoticeEmail(brand, to, {
    heading: "About your return request",
    lines: [
      `Hi ${input.customerName},`,
      `We cannot accept your return ${reference} for order ${input.orderNumber}.`,
      ...(input.adminMessage ? [input.adminMessage] : []),
      `If you have a question, reply to this email or write to ${brand.supportEmail}.`,
    ],
    orderId: input.orderId,
    subject: `About your return request ${reference}`,
  });
}
