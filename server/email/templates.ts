import { itemName } from "../../common/cart/cart-rules";
import { orderDiscountLabel } from "../../common/discounts/discounts";
import { formatPence } from "../../common/money";
import { shipmentOf } from "../../common/orders/tracking";
import type { Brand } from "../settings/shop-settings";
import { button, escapeHtml, layout, paragraph, textFooter } from "./email-layout";
import { cardOf, refundedTo } from "./money-words";
import type { OutgoingEmail } from "./transport";

// The account's and the orders' emails, each in the shop's one layout (email-layout.ts).

export function verificationEmail(
  brand: Brand,
  to: { email: string; name: string },
  url: string,
): OutgoingEmail {
  const heading = "Confirm your email address";
  const lines = [
    `Hi ${to.name},`,
    `Thanks for joining ${brand.shopName}. Please confirm your email address to finish setting up your account.`,
  ];
  const after = "If you did not create an account, you can ignore this email.";
  return {
    to: to.email,
    subject: `Confirm your email for ${brand.shopName}`,
    html: layout(
      brand,
      heading,
      `${lines.map(paragraph).join("")}${button(url, "Confirm my email")}${paragraph(after)}`,
    ),
    text: `${heading}\n\n${lines.join("\n\n")}\n\nConfirm your email: ${url}\n\n${after}\n${textFooter(brand)}`,
  };
}

export function passwordResetEmail(
  brand: Brand,
  to: { email: string; name: string },
  url: string,
): OutgoingEmail {
  const heading = "Reset your password";
  const lines = [
    `Hi ${to.name},`,
    "We received a request to reset the password for your account. The link below works once, for one hour.",
  ];
  const after =
    "If you did not ask for this, you can ignore this email: your password stays as it is.";
  return {
    to: to.email,
    subject: `Reset your ${brand.shopName} password`,
    html: layout(
      brand,
      heading,
      `${lines.map(paragraph).join("")}${button(url, "Choose a new password")}${paragraph(after)}`,
    ),
    text: `${heading}\n\n${lines.join("\n\n")}\n\nReset your password: ${url}\n\n${after}\n${textFooter(brand)}`,
  };
}

export type OrderEmailInput = {
  orderId: string;
  /** GL-10241: what the customer reads (the id makes the link). */
  orderNumber: string;
  customerName: string;
  items: Array<{ name: string; variantName: string; quantity: number; unitPricePence: number }>;
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  totalPence: number;
  /** Paid by gift card, of the total. */
  giftCardPence?: number;
  shippingAddress: string;
  /** How it travels and when it should arrive (common/delivery/delivery.ts), when chosen at checkout. */
  delivery: string | null;
  /** The discount code the discount came from; none: the first-order discount. */
  discountCode: string | null;
  offerTitle: string | null;
};

export function orderConfirmationEmail(
  brand: Brand,
  to: string,
  order: OrderEmailInput,
): OutgoingEmail {
  const heading = "Thank you for your order";
  const when = order.delivery
    ? `Delivery: ${order.delivery}.`
    : "It ships within 1-2 business days.";
  const opening = `Hi ${order.customerName}, we have your order ${order.orderNumber} and are getting it ready. ${when}`;
  const rows = order.items.map((item) => ({
    label: `${item.quantity} × ${itemName(item.name, item.variantName)}`,
    amount: formatPence(item.unitPricePence * item.quantity),
  }));
  const totals = [
    { label: "Subtotal", amount: formatPence(order.subtotalPence) },
    ...(order.discountCode && order.discountPence === 0
      ? [{ label: `Code ${order.discountCode}`, amount: "Free delivery" }]
      : []),
    ...(order.discountPence > 0
      ? [
          {
            label: orderDiscountLabel(order),
            amount: `−${formatPence(order.discountPence)}`,
          },
        ]
      : []),
    {
      label: "Shipping",
      amount: order.shippingPence === 0 ? "Free" : formatPence(order.shippingPence),
    },
    { label: "Total", amount: formatPence(order.totalPence) },
    { label: "Including VAT", amount: formatPence(order.vatPence) },
    ...(order.giftCardPence
      ? [
          { label: "Paid by gift card", amount: formatPence(order.giftCardPence) },
          { label: "Paid by card", amount: formatPence(order.totalPence - order.giftCardPence) },
        ]
      : []),
  ];
  const tableRow = (label: string, amount: string, bold = false) =>
    `<tr><td style="padding:6px 0;${bold ? "font-weight:700" : ""}">${escapeHtml(label)}</td><td align="right" style="padding:6px 0;${bold ? "font-weight:700" : ""}">${escapeHtml(amount)}</td></tr>`;
  const html = layout(
    brand,
    heading,
    `${paragraph(opening)}
<table role="presentation" width="100%" style="border-collapse:collapse;margin:16px 0;border-top:1px solid #e2e8f0">
${rows.map((row) => tableRow(row.label, row.amount)).join("")}
${totals.map((row) => tableRow(row.label, row.amount, row.label === "Total")).join("")}
</table>
${paragraph("Delivering to:")}<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(order.shippingAddress)}</p>
${button(`${brand.baseUrl}/dashboard/orders`, "See your orders")}`,
  );
  const text = [
    heading,
    "",
    opening,
    "",
    ...rows.map((row) => `${row.label}: ${row.amount}`),
    "",
    ...totals.map((row) => `${row.label}: ${row.amount}`),
    "",
    "Delivering to:",
    order.shippingAddress,
    "",
    `Your orders: ${brand.baseUrl}/dashboard/orders`,
    textFooter(brand),
  ].join("\n");
  return { to, subject: `Your ${brand.shopName} order ${order.orderNumber}`, html, text };
}

/** The parcel left (the admin marked the order fulfilled): with the carrier and tracking link. */
export function orderShippedEmail(
  brand: Brand,
  to: string,
  order: {
    orderId: string;
    /** GL-10241: what the customer reads (the id makes the link). */
    orderNumber: string;
    customerName: string;
    carrier: string | null;
    trackingNumber: string | null;
  },
): OutgoingEmail {
  const heading = "Your order is on its way";
  const shipment = shipmentOf(order.carrier, order.trackingNumber);
  const lines = [
    `Hi ${order.customerName}, your order ${order.orderNumber} has left us.`,
    shipment.carrier
      ? `It is travelling with ${shipment.carrier}${shipment.trackingNumber ? `, tracking number ${shipment.trackingNumber}` : ""}.`
      : shipment.trackingNumber
        ? `Its tracking number is ${shipment.trackingNumber}.`
        : "Standard delivery takes 5-7 business days.",
  ];
  const orderUrl = customerOrderUrl(brand, order.orderId);
  const html = layout(
    brand,
    heading,
    `${lines.map(paragraph).join("")}${shipment.trackingUrl ? button(shipment.trackingUrl, "Track your parcel") : ""}${button(orderUrl, "See your order")}`,
  );
  const text = [
    heading,
    "",
    ...lines,
    "",
    ...(shipment.trackingUrl ? [`Track your parcel: ${shipment.trackingUrl}`, ""] : []),
    `Your order: ${orderUrl}`,
    textFooter(brand),
  ].join("\n");
  return {
    to,
    subject: `Your ${brand.shopName} order ${order.orderNumber} has shipped`,
    html,
    text,
  };
}

/** The customer's own page of one order (app/routes/dashboard.order.tsx). */
function customerOrderUrl(brand: Brand, orderId: string): string {
  return `${brand.baseUrl}/dashboard/orders/${encodeURIComponent(orderId)}`;
}

const REFUND_TIMING =
  "Refunds usually reach your account within 5-10 working days, depending on your bank.";

type MoneyBack = {
  orderId: string;
  /** GL-10241: what the customer reads (the id makes the link). */
  orderNumber: string;
  customerName: string;
  /** Given back now. */
  amountPence: number;
  /** Given back in all, this refund included, of the order's total. */
  refundedPence: number;
  totalPence: number;
  cardLast4: string | null;
  /** Of `amountPence`, what went back to the gift card the order was paid with. */
  giftCardPence?: number;
};

/**
 * The shop cancelled the order: with the money given back (a paid order), or saying nothing was
 * taken (an order not paid yet).
 */
export function orderCancelledEmail(
  brand: Brand,
  to: string,
  order: Omit<MoneyBack, "amountPence"> & { amountPence: number | null },
): OutgoingEmail {
  const heading = "Your order has been cancelled";
  const lines = [
    `Hi ${order.customerName},`,
    order.amountPence
      ? `We have cancelled your order ${order.orderNumber} and refunded ${refundedTo(order.amountPence, order.giftCardPence ?? 0, order.cardLast4)}.`
      : `We have cancelled your order ${order.orderNumber}. You have not been charged for it.`,
    ...(order.amountPence ? [REFUND_TIMING] : []),
    "We are sorry for the trouble. If you did not expect this, reply to this email and we will help.",
  ];
  return orderNoticeEmail(brand, to, {
    heading,
    lines,
    orderId: order.orderId,
    subject: `Your ${brand.shopName} order ${order.orderNumber} has been cancelled`,
  });
}

/** Money of a paid order went back to the customer's card, in full or in part. */
export function orderRefundedEmail(brand: Brand, to: string, refund: MoneyBack): OutgoingEmail {
  const whole = refund.refundedPence >= refund.totalPence;
  const lines = [
    `Hi ${refund.customerName},`,
    `We have refunded ${refundedTo(refund.amountPence, refund.giftCardPence ?? 0, refund.cardLast4)} for your order ${refund.orderNumber}.`,
    whole
      ? refund.amountPence === refund.totalPence
        ? "That is the whole of your order."
        : `With this refund, the whole of your order (${formatPence(refund.totalPence)}) has been refunded.`
      : `In all, ${formatPence(refund.refundedPence)} of your ${formatPence(refund.totalPence)} order has been refunded.`,
    REFUND_TIMING,
  ];
  return orderNoticeEmail(brand, to, {
    heading: "Your refund is on its way",
    lines,
    orderId: refund.orderId,
    subject: `A refund of ${formatPence(refund.amountPence)} for your ${brand.shopName} order ${refund.orderNumber}`,
  });
}

/**
 * Money arrived for an order the shop had already cancelled: it was given back automatically, or
 * it could not be, and the shop will sort it out with the customer.
 */
export function cancelledOrderPaymentEmail(
  brand: Brand,
  to: string,
  order: {
    orderId: string;
    orderNumber: string;
    customerName: string;
    cardLast4: string | null;
    refunded: boolean;
  },
): OutgoingEmail {
  const arrived = `Your payment for order ${order.orderNumber} arrived after the order had been cancelled`;
  const lines = order.refunded
    ? [
        `Hi ${order.customerName},`,
        `${arrived}, so we have refunded it to ${cardOf(order.cardLast4)}.`,
        REFUND_TIMING,
      ]
    : [
        `Hi ${order.customerName},`,
        `${arrived}, and we could not refund it to ${cardOf(order.cardLast4)} automatically.`,
        `We are looking into it and will be in touch within two working days to return your money. You can also reply to this email or write to ${brand.supportEmail}.`,
      ];
  return orderNoticeEmail(brand, to, {
    heading: order.refunded ? "Your payment has been refunded" : "We are sorting out your refund",
    lines,
    orderId: order.orderId,
    subject: `About your payment for ${brand.shopName} order ${order.orderNumber}`,
  });
}

export function orderNoticeEmail(
  brand: Brand,
  to: string,
  email: { heading: string; lines: string[]; orderId: string; subject: string },
): OutgoingEmail {
  const orderUrl = customerOrderUrl(brand, email.orderId);
  return {
    to,
    subject: email.subject,
    html: layout(
      brand,
      email.heading,
      `${email.lines.map(paragraph).join("")}${button(orderUrl, "See your order")}`,
    ),
    text: [
      email.heading,
      "",
      ...email.lines,
      "",
      `Your order: ${orderUrl}`,
      textFooter(brand),
    ].join("\n"),
  };
}

/**
 * The parcel arrived (the order was marked delivered): one email asking for a review of each
 * product in it, each link landing on that product's review form (after signing in if needed).
 */
export function reviewRequestEmail(
  brand: Brand,
  to: string,
  order: {
    orderId: string;
    /** GL-10241: what the customer reads (the id makes the link). */
    orderNumber: string;
    customerName: string;
    products: ReadonlyArray<{ id: string; name: string }>;
  },
): OutgoingEmail {
  const heading = "How are you getting on?";
  const intro = `Hi ${order.customerName}, your order ${order.orderNumber} has arrived. Once you have tried it, would you tell other shoppers what you think? Only customers who bought a product can review it, so every review helps.`;
  const links = order.products.map((product) => ({
    label: `Review ${product.name}`,
    url: `${brand.baseUrl}/product/${encodeURIComponent(product.id)}/review`,
  }));
  const html = layout(
    brand,
    heading,
    `${paragraph(intro)}${links.map((link) => button(link.url, link.label)).join("")}`,
  );
  const text = [
    heading,
    "",
    intro,
    "",
    ...links.map((link) => `${link.label}: ${link.url}`),
    textFooter(brand),
  ].join("\n");
  return { to, subject: `How is your ${brand.shopName} order?`, html, text };
}

/**
 * A person at the shop writes to the customer about their order (server/admin/order-follow-up.ts):
 * their subject and words as typed, each line its own paragraph, with the way back to the order.
 */
export function orderMessageEmail(
  brand: Brand,
  to: string,
  message: {
    orderId: string;
    /** GL-10241: what the customer reads (the id makes the link). */
    orderNumber: string;
    customerName: string;
    subject: string;
    body: string;
  },
): OutgoingEmail {
  const heading = `About your order ${message.orderNumber}`;
  const lines = [
    `Hi ${message.customerName},`,
    ...message.body
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean),
  ];
  return orderNoticeEmail(brand, to, {
    heading,
    lines,
    orderId: message.orderId,
    subject: message.subject,
  });
}
