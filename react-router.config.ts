import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Route middleware: the admin's screens are guarded once, before any of their loaders or
    // actions runs (app/routes/dashboard.admin.tsx). Loaders read the request's context through
    // RouterContextProvider (server/http/load-context.ts).
    v8_middleware: true,
  },
} satisfies Config;
