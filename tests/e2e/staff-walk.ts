// Every screen, download and form action of the admin's layout, for the walk that tries each as
// each staff role (staff-access.spec.ts): the address to open, the address to post to (one that
// names nothing, so an allowed post changes nothing) and the intents its action takes. A unit test
// (tests/staff-walk.test.ts) holds this list to app/routes.ts and to the routes' actions.

export type WalkedRoute = {
  /** The route's module under app/routes. */
  file: string;
  /** An address of the route to open. */
  open: string;
  /** Where its form posts go, when it has an action. */
  post?: string;
  /** The intents its action takes ("" for an action without intents). */
  intents?: readonly string[];
};

export const walkedRoutes: readonly WalkedRoute[] = [
  { file: "dashboard.analytics.tsx", open: "/dashboard/analytics" },
  { file: "dashboard.admin-orders.tsx", open: "/dashboard/admin-orders" },
  { file: "dashboard.admin-orders-export.ts", open: "/dashboard/admin-orders/export" },
  {
    file: "dashboard.admin-invoices.ts",
    open: "/dashboard/admin-orders/invoices?from=2020-01-01&to=2020-01-02",
  },
  { file: "dashboard.admin-packing-slips.ts", open: "/dashboard/admin-orders/packing-slips" },
  {
    file: "dashboard.admin-order.tsx",
    open: "/dashboard/admin-orders/demo-order-1",
    post: "/dashboard/admin-orders/no-such-order",
    intents: [
      "fulfil",
      "deliver",
      "cancel",
      "refund",
      "resolve-refund",
      "return-approve",
      "return-reject",
      "return-receive",
      "return-refund",
      "note",
      "resend",
      "message",
    ],
  },
  {
    file: "dashboard.admin-order-document.ts",
    open: "/dashboard/admin-orders/demo-order-1/documents/no-such-document",
  },
  { file: "dashboard.admin-customers.tsx", open: "/dashboard/admin-customers" },
  {
    file: "dashboard.admin-customer.tsx",
    open: "/dashboard/admin-customers/no-such-customer",
    post: "/dashboard/admin-customers/no-such-customer",
    intents: ["note", "erase"],
  },
  {
    file: "dashboard.admin-customer-export.ts",
    open: "/dashboard/admin-customers/no-such-customer/export",
    post: "/dashboard/admin-customers/no-such-customer/export",
    intents: [""],
  },
  {
    file: "dashboard.admin-products.tsx",
    open: "/dashboard/admin-products",
    post: "/dashboard/admin-products",
    intents: ["bulk"],
  },
  {
    file: "dashboard.admin-product-new.tsx",
    open: "/dashboard/admin-products/new",
    post: "/dashboard/admin-products/new",
    intents: ["save"],
  },
  { file: "dashboard.admin-product-search.ts", open: "/dashboard/admin-products/search?q=kit" },
  { file: "dashboard.admin-products-export.ts", open: "/dashboard/admin-products/export" },
  {
    file: "dashboard.admin-products-import.tsx",
    open: "/dashboard/admin-products/import",
    post: "/dashboard/admin-products/import",
    intents: ["preview", "apply"],
  },
  {
    file: "dashboard.admin-products-import-progress.tsx",
    open: "/dashboard/admin-products/import/no-such-import",
    post: "/dashboard/admin-products/import/no-such-import",
    intents: ["stop"],
  },
  {
    file: "dashboard.admin-product.tsx",
    open: "/dashboard/admin-products/prod1",
    post: "/dashboard/admin-products/no-such-product",
    intents: ["save", "count", "archive", "restore", "publish", "delete"],
  },
  {
    file: "dashboard.admin-categories.tsx",
    open: "/dashboard/admin-categories",
    post: "/dashboard/admin-categories",
    intents: ["save", "delete"],
  },
  {
    file: "dashboard.admin-delivery.tsx",
    open: "/dashboard/admin-delivery",
    post: "/dashboard/admin-delivery",
    intents: ["save"],
  },
  {
    file: "dashboard.admin-discounts.tsx",
    open: "/dashboard/admin-discounts",
    post: "/dashboard/admin-discounts",
    intents: ["save", "save-offer"],
  },
  {
    file: "dashboard.admin-gift-cards.tsx",
    open: "/dashboard/admin-gift-cards",
    post: "/dashboard/admin-gift-cards",
    intents: ["selling", "issue"],
  },
  {
    file: "dashboard.admin-gift-card.tsx",
    open: "/dashboard/admin-gift-cards/no-such-card",
    post: "/dashboard/admin-gift-cards/no-such-card",
    intents: ["adjust", "disable", "enable"],
  },
  {
    file: "dashboard.admin-reviews.tsx",
    open: "/dashboard/admin-reviews",
    post: "/dashboard/admin-reviews",
    intents: ["hide", "show"],
  },
  {
    file: "dashboard.admin-checkouts.tsx",
    open: "/dashboard/admin-checkouts",
    post: "/dashboard/admin-checkouts",
    intents: ["reminder"],
  },
  {
    file: "dashboard.admin-stock-alerts.tsx",
    open: "/dashboard/admin-stock-alerts",
    post: "/dashboard/admin-stock-alerts",
    intents: ["stock-alerts"],
  },
  { file: "dashboard.admin-newsletter.tsx", open: "/dashboard/admin-newsletter" },
  {
    file: "dashboard.admin-campaigns.tsx",
    open: "/dashboard/admin-campaigns",
    post: "/dashboard/admin-campaigns",
    intents: ["rate"],
  },
  {
    file: "dashboard.admin-campaign.tsx",
    open: "/dashboard/admin-campaigns/new",
    post: "/dashboard/admin-campaigns/no-such-campaign",
    intents: ["save", "test", "send"],
  },
  { file: "dashboard.admin-newsletter-export.ts", open: "/dashboard/admin-newsletter/export" },
  { file: "dashboard.admin-blog.tsx", open: "/dashboard/admin-blog" },
  {
    file: "dashboard.admin-blog-post.tsx",
    open: "/dashboard/admin-blog/new",
    post: "/dashboard/admin-blog/no-such-post",
    intents: ["save", "delete"],
  },
  { file: "dashboard.admin-pages.tsx", open: "/dashboard/admin-pages" },
  {
    file: "dashboard.admin-page.tsx",
    open: "/dashboard/admin-pages/faq",
    post: "/dashboard/admin-pages/no-such-page",
    intents: ["save", "preview", "show", "restore"],
  },
  {
    file: "dashboard.admin-jobs.ts",
    open: "/dashboard/admin-jobs",
    post: "/dashboard/admin-jobs",
    intents: ["retry"],
  },
  {
    file: "dashboard.admin-settings.tsx",
    open: "/dashboard/admin-settings",
    post: "/dashboard/admin-settings",
    intents: [
      "settings",
      "invite",
      "resend-invite",
      "withdraw-invite",
      "change-role",
      "remove-staff",
    ],
  },
  {
    file: "dashboard.admin-settings.tsx",
    open: "/dashboard/admin-payments",
    post: "/dashboard/admin-payments",
    intents: [
      "settings",
      "invite",
      "resend-invite",
      "withdraw-invite",
      "change-role",
      "remove-staff",
    ],
  },
];
