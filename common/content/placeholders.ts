import { escapeXml } from "../xml";

// The words in braces a page's text may use for what the settings say (docs/admin.md#pages),
// filled in where the page is shown, so a changed threshold or address reaches every page. Apart
// from the pages' list (./pages.ts), which only the admin reads.

/** A value of the shop's settings a page's text names in braces. */
export type PagePlaceholders = {
  shopName: string;
  supportEmail: string;
  supportHours: string;
  freeShippingOver: string;
  flatShipping: string;
  firstOrderDiscount: string;
};

export const placeholderHint =
  "{shopName}, {supportEmail}, {supportHours}, {freeShippingOver}, {flatShipping} and {firstOrderDiscount} are filled in from the settings.";

const PLACEHOLDER =
  /\{(shopName|supportEmail|supportHours|freeShippingOver|flatShipping|firstOrderDiscount)\}/g;

/** Plain text with its placeholders filled (React escapes it where it is shown). */
export function fillText(text: string, values: PagePlaceholders): string {
  return text.replace(PLACEHOLDER, (_, name: keyof PagePlaceholders) => values[name]);
}

/** Sanitised HTML with its placeholders filled, each value escaped (an address in an href too). */
export function fillHtml(html: string, values: PagePlaceholders): string {
  return html.replace(PLACEHOLDER, (_, name: keyof PagePlaceholders) => escapeXml(values[name]));
}
