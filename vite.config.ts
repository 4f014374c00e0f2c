import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server build's entry is our Hono server (server/http/main.ts), which imports the React Router
// build as a virtual module, so the app, the services and the HTTP layer share one module graph
// (one database client, one env) in build/server/index.js.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { tsconfigPaths: true },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/http/main.ts" } : undefined,
  },
  plugins: [tailwindcss(), reactRouter()],
}));
