import { publicPages } from "./fixtures";

// Every screen of the shop, for the walks that visit each: axe and the first render on both sizes
// (accessibility.responsive.spec.ts), the admin's screens' first render (hydration-matches.spec.ts).

/** Every storefront page: the sitemap's, more products, a category, searches, log-in, not found. */
export const storefrontScreens = [
  ...publicPages,
  "/product/prod2",
  "/product/prod3",
  "/product/prod4",
  "/store/whitening-strips",
  "/blog/coffee-and-your-smile",
  "/store/toothpaste?sort=price-asc",
  "/search?q=white",
  "/search?q=zzzz",
  "/login",
  "/product/nope",
  "/no/such/page",
];

/** Every page of the demo customer's account. */
export const accountScreens = [
  "/dashboard",
  "/dashboard/orders",
  "/dashboard/orders/demo-order-1",
  "/dashboard/details",
  "/dashboard/wishlist",
  "/dashboard/settings",
  "/product/prod1/review",
];

/** Every admin screen, detail pages included. */
export const adminScreens = [
  "/dashboard",
  "/dashboard/analytics",
  "/dashboard/analytics?range=7",
  "/dashboard/admin-orders",
  "/dashboard/admin-orders?status=paid&sort=total",
  "/dashboard/admin-orders/demo-order-1",
  "/dashboard/admin-products",
  "/dashboard/admin-products/prod1",
  "/dashboard/admin-products/new",
  "/dashboard/admin-categories",
  "/dashboard/admin-delivery",
  "/dashboard/admin-discounts",
  "/dashboard/admin-gift-cards",
  "/dashboard/admin-checkouts",
  "/dashboard/admin-stock-alerts",
  "/dashboard/admin-campaigns",
  "/dashboard/admin-campaigns/new",
  "/dashboard/admin-blog",
  "/dashboard/admin-blog/new",
  "/dashboard/admin-pages",
  "/dashboard/admin-pages/home",
  "/dashboard/admin-pages/about",
  "/dashboard/admin-pages/faq",
  "/dashboard/admin-pages/terms-of-service",
  "/dashboard/admin-reviews",
  "/dashboard/admin-settings",
  "/dashboard/admin-payments",
];
