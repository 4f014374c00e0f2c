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
      // page does not).
      test: /[\\/]app[\\/](components[\\/](?!admin[\\/]|catalog[\\/]product-listing\.|ui[\\/]page-links\.)|lib[\\/](?!admin-|store-listing\.))|node_modules[\\/](clsx|class-variance-authority)[\\/]/,
      tags: ["$initial" as const],
      minShareCount: 2,
      priority: 1,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: isSsrBuild
      ? { input: "./server/http/main.ts" }
      : { output: { codeSplitting: browserChunks } },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
