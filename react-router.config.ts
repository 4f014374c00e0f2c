import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route is known to the browser from the start (decision record 026): the manifest is one
  // hashed script of about 2 kB gzipped, fetched once and cached, instead of a /__manifest request
  // from every page view for the links it shows (each an uncached server request) and a round trip
  // before the first navigation to a path not yet seen. Lazy discovery also has open faults in
  // this version (7.18.4): a navigation aborted while its path is being discovered leaves the path
  // marked as discovered but never added, so a later visit falls to the catch-all route (upstream
  // issue 15327, fixed after this release).
  routeDiscovery: { mode: "initial" },
  future: {
    // Route middleware: the admin's screens are guarded once, before any of their loaders or
    // actions runs (app/routes/dashboard.admin.tsx). Loaders read the request's context through
    // RouterContextProvider (server/http/load-context.ts).
    v8_middleware: true,
    // Loaders, actions and middleware get the request as it came, not a copy rebuilt without
    // React Router's `.data` suffix and `_routes`/`index` parameters (two fetch Requests built
    // per loader per render). The page's own address is their `url` argument: read the path and
    // query from it, never from request.url (an architecture test keeps routes to that).
    v8_passThroughRequests: true,
  },
} satisfies Config;
