import type { Logger } from "../logger";
import { httpRequests } from "../metrics/metrics";
import { loggedPath } from "./request-paths";

// One log line and one metrics observation per answered request, however it was answered (by the
// app, or from the page cache before the app: ./cache-hits.ts).

/** `statements`: the SQL statements the request ran (none for a page-cache hit). */
export type RecordRequest = (
  method: string,
  path: string,
  status: number,
  started: number,
  statements?: number,
) => void;

/** `routeOf` labels a path with its route pattern (./route-label.ts). */
export function requestRecorder(logger: Logger, routeOf: (path: string) => string): RecordRequest {
  return (method, path, status, started, statements = 0) => {
    const seconds = (performance.now() - started) / 1000;
    const route = routeOf(path);
    httpRequests.observe({ method, route, status }, seconds);
    const ms = Math.round(seconds * 10_000) / 10;
    const line = { method, path: loggedPath(path), route, status, ms, sql: statements };
    if (status >= 500) logger.error(line, "request");
    else logger.info(line, "request");
  };
}
