import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server build's entry is our Hono server (server/http/main.ts), which imports the React Router
// build as a virtual module, so the app, the services and the HTTP layer share one module graph
// (one database client, one env) in build/server/index.js.
//
// In the browser build, the framework and the code shared by several pages go into two chunks, so a
// page loads five scripts instead of twenty tiny ones (each extra request delayed the first paint
// on slow phones). Code loaded later (the toast library) stays in its own chunk, and so does the
// admin's.
const browserChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
      priority: 2,
    },
    {
      name: "shared",
      // Not the admin's components and helpers: shared between admin screens only, they would
      // otherwise ride in every shopper's first load. Nor the product listing's form, pages and
      // URL rules (the store, a category, search and the admin's lists use them; the product
      // page does not). Nor the checkout's payment code (the checkout and its Stripe form share
      // it) or the account's order list (two dashboard screens), nor the returns' list (an order's
      // page, the customer's and the admin's) or the newsletter's link pages.
      test: /[\\/]app[\\/](components[\\/](?!admin[\\/]|catalog[\\/]product-listing\.|ui[\\/]page-links\.|checkout[\\/]|account[\\/]order-list\.|orders[\\/]return-list\.|newsletter[\\/])|lib[\\/](?!admin-|store-listing\.|newsletter-))|node_modules[\\/](clsx|class-variance-authority)[\\/]/,
      tags: ["$initial" as const],
      minShareCount: 2,
      priority: 1,
    },
  ],
};

// React Router's package exports name only its development build, which differs from the
// production one by a flag that keeps its development warnings (and their text) in the bundle. The
// browser gets the production build; the server keeps the package's own resolution (it is not
// bundled, and the difference there is a few skipped checks).
const routerDist = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/", import.meta.url),
);
const productionRouter = [
  { find: /^react-router$/, replacement: `${routerDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerDist}dom-export.mjs` },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    tsconfigPaths: true,
    alias: command !== "build" || isSsrBuild ? [] : productionRouter,
  },
  build: {
    rolldownOptions: isSsrBuild
      ? { input: "./server/http/main.ts" }
      : { output: { codeSplitting: browserChunks } },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
