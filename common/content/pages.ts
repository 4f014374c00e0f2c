// The shop's pages the owner edits in the admin (docs/admin.md#pages): which they are, where the
// storefront shows them and what each holds. The words in braces their texts may use are filled
// in by ./placeholders.ts.

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

/**
 * The home page's hero, and the announcement bar's three messages, which every shop page shows
 * (its phone version cycles through the three).
 */
export type HomeContent = { heroTitle: string; heroText: string; announcements: string[] };
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
