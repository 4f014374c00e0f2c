// Back-in-stock alerts as both sides say them (server/stock-alerts/ decides them;
// docs/storefront.md#back-in-stock-alerts).

export const STOCK_ALERT_MESSAGES = {
  inStock: "This is in stock now: add it to your cart.",
  gone: "This product variant no longer exists.",
  tooMany: "Too many alerts asked for. Please wait a few minutes and try again.",
  addressFull:
    "This address has been given all the alerts it can have today. Please try again tomorrow.",
} as const;

/** The toast's words once the shop keeps the address. */
export const stockAlertKept = (email: string) => ({
  title: "We'll let you know",
  description: `We'll email ${email} once, when it's back in stock.`,
});
