import { escapeXml } from "../xml";

// The shop's pages the owner edits in the admin (docs/admin.md#pages): which they are, where the
// storefront shows them, and the words in braces their texts may use for what the settings say,
// filled in where the page is shown, so a changed threshold or address reaches every page.

export const pageKeys = [
  "home",
  "about",
  "faq",
  "shipping-returns",
  "terms-of-service",
  "privacy-policy",
] as const;
export type PageKey = (typeof pageKeys)[number];

export function isPageKey(value: string): value is PageKey {
  return (pageKeys as readonly string[]).includes(value);
}

export const pageLabels: Record<PageKey, string> = {
  home: "Home page",
  about: "About",
  faq: "FAQ",
  "shipping-returns": "Shipping & Returns",
  "terms-of-service": "Terms of Service",
  "privacy-policy": "Privacy Policy",
};

export const pagePaths: Record<PageKey, string> = {
  home: "/",
  about: "/about",
  faq: "/faq",
  "shipping-returns": "/shipping-returns",
  "terms-of-service": "/terms-of-service",
  "privacy-policy": "/privacy-policy",
};

/** The home page's hero. */
export type HomeContent = { heroTitle: string; heroText: string };
/** About: its header, the founder's story and the four values. */
export type AboutContent = {
  title: string;
  lead: string;
  storyHtml: string;
  values: Array<{ title: string; text: string }>;
};
/** The FAQ: its title and its questions, each answer a short HTML text. */
export type FaqContent = {
  title: string;
  questions: Array<{ question: string; answerHtml: string }>;
};
/** Shipping & Returns, the terms and the privacy policy: a title and the text. */
export type PolicyContent = { title: string; bodyHtml: string };

export type PageContents = {
  home: HomeContent;
  about: AboutContent;
  faq: FaqContent;
  "shipping-returns": PolicyContent;
  "terms-of-service": PolicyContent;
  "privacy-policy": PolicyContent;
};

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
