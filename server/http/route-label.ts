import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isFilePath } from "./request-paths";

// A request's route for /metrics: the pattern that answered it (`/product/:id`), never the path
// itself, so the number of series stays that of the routes, whatever paths visitors ask for.

const DATA_SUFFIX = ".data";

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;

/** Builds the labeller for a build's routes. */
export function routeLabeller(routes: ServerBuild["routes"]): (path: string) => string {
  const tree = routeTree(
    Object.values(routes).filter((route): route is ManifestRoute => route !== undefined),
  );
  // Matching walks every route (React Router flattens and ranks the tree on each call): the labels
  // of the paths asked for lately are kept. Bounded, since visitors choose the paths.
  const known = new Map<string, string>();
  const label = (path: string): string => {
    if (path === "/healthz" || path === "/metrics") return path;
    if (path.startsWith("/api/auth/")) return "/api/auth/*";
    if (path.startsWith("/assets/")) return "/assets/*";
    // React Router's data requests (`/store.data`) are the route's own, marked as such.
    const data = path.endsWith(DATA_SUFFIX);
    if (!data && isFilePath(path) && !path.startsWith("/media/")) {
      // Public files, and the routes named like one (sitemap.xml, robots.txt).
      return path === "/sitemap.xml" || path === "/robots.txt" ? path : "file";
    }
    const pathname = data ? path.slice(0, -DATA_SUFFIX.length) || "/" : path;
    const matches = matchRoutes(tree, pathname === "/_root" ? "/" : pathname);
    const pattern = patternOf(matches?.map((match) => match.route.path ?? "") ?? []);
    if (!data) return pattern;
    return pattern === "/" ? `/_root${DATA_SUFFIX}` : `${pattern}${DATA_SUFFIX}`;
  };
  return (path) => {
    let found = known.get(path);
    if (found === undefined) {
      found = label(path);
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(path, found);
    }
    return found;
  };
}

/** How many paths' labels are kept at most. */
const KNOWN_PATHS = 2000;

function routeTree(routes: ManifestRoute[]): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route): RouteObject => {
        if (route.index) return { id: route.id, index: true, path: route.path };
        return {
          id: route.id,
          path: route.path,
          caseSensitive: route.caseSensitive,
          children: childrenOf(route.id),
        };
      });
  return childrenOf(undefined);
}

function patternOf(paths: string[]): string {
  const joined = paths
    .filter((path) => path !== "")
    .join("/")
    .replace(/\/+/g, "/");
  return `/${joined.replace(/^\//, "")}`;
}
