import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the shop, in one place.
export default [
  index("routes/home.tsx"),
  route("store", "routes/store.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("about", "routes/about.tsx"),
  route("faq", "routes/faq.tsx"),
  route("blog", "routes/blog.tsx"),
  route("contact", "routes/contact.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("shipping-returns", "routes/shipping-returns.tsx"),
  route("search", "routes/search.tsx"),
  route("login", "routes/login.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("dashboard", "routes/dashboard.tsx", [
    index("routes/dashboard.overview.tsx"),
    route("orders", "routes/dashboard.orders.tsx"),
    route("details", "routes/dashboard.details.tsx"),
    route("settings", "routes/dashboard.settings.tsx"),
    route("*", "routes/dashboard.other.tsx"),
  ]),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("api/products", "routes/api.products.ts"),
  route("api/products/:id", "routes/api.product.ts"),
  route("api/variants", "routes/api.variants.ts"),
  route("api/*", "routes/api.not-found.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
