// The shop's links, in one place, for the header, the mobile menu and the footer (docs/product.md#screens).

export type NavLink = { to: string; label: string };

export const headerLinks: NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/store", label: "Store" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

export const footerColumns: Array<{ heading: string; links: NavLink[] }> = [
  {
    heading: "Shop",
    links: [
      { to: "/store", label: "All Products" },
      { to: "/product/prod1", label: "Whitening Strips" },
      { to: "/product/prod3", label: "Whitening Pen" },
      { to: "/gift-cards", label: "Gift cards" },
    ],
  },
  {
    heading: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/blog", label: "Blog" },
      { to: "/faq", label: "FAQ" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    heading: "Help",
    links: [
      { to: "/shipping-returns", label: "Shipping & Returns" },
      { to: "/terms-of-service", label: "Terms of Service" },
      { to: "/privacy-policy", label: "Privacy Policy" },
    ],
  },
];

/** Public pages without parameters: the sitemap lists these plus every product. */
export const staticPagePaths = [
  "/",
  "/store",
  "/gift-cards",
  "/about",
  "/faq",
  "/blog",
  "/contact",
  "/shipping-returns",
  "/terms-of-service",
  "/privacy-policy",
];
