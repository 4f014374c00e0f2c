import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

// The route table itself (app/routes.ts), for the walks that try every route: a route added
// tomorrow is walked too.

export type TableRoute = { path: string; file: string };

/** Every route of the table with its full path ("" for an index). */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): TableRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [{ path: path || "/", file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

/** Every route but the catch-alls. */
export const tableRoutes = flatten(routes).filter(({ path }) => !path.includes("*"));

/** The route's path with each parameter (optional or not) replaced by `value`. */
export const filled = (path: string, value: string) => path.replace(/:[A-Za-z]+\??/g, value);

/** Whether the route's module has an action. */
export const hasAction = (file: string) =>
  /export (async )?function action\b|export const action\b/.test(
    readFileSync(new URL(`../../app/${file}`, import.meta.url), "utf8"),
  );
