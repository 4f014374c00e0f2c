import { watchDatabaseFaults } from "../db/database-faults";
import type { Logger } from "../logger";
import { DatabaseOutage } from "./database-outage";
import { pausePage } from "./pause-page";
import { loggedPath } from "./request-paths";

const UNAVAILABLE_MESSAGE = "The shop is unavailable for a moment. Please try again shortly.";

/**
 * Runs a page's or an API's render, answering 503 with Retry-After at once while the database is
 * away (./database-outage.ts), when the render fails because of the database, or when it has not
 * answered within the timeout (the work may go on; the visitor does not wait for it).
 */
export function renderGuard(options: {
  pingDatabase: () => Promise<void>;
  logger: Logger;
  requestTimeoutMs: number;
}) {
  const outage = new DatabaseOutage(options.pingDatabase, options.logger);
  const { requestTimeoutMs } = options;
  const unavailable = (path: string): Response => {
    const headers = { "Cache-Control": "no-store", "Retry-After": "5" };
    if (path.startsWith("/api/")) {
      return Response.json({ error: UNAVAILABLE_MESSAGE }, { status: 503, headers });
    }
    return new Response(pausePage(UNAVAILABLE_MESSAGE), {
      status: 503,
      headers: { ...headers, "Content-Type": "text/html; charset=UTF-8" },
    });
  };
  return async (path: string, render: () => Promise<Response>): Promise<Response> => {
    if (outage.down()) return unavailable(path);
    const { result: rendering, faulted } = watchDatabaseFaults(render);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), requestTimeoutMs);
    });
    const result = await Promise.race([rendering, deadline]).finally(() => clearTimeout(timer));
    if (result === undefined) {
      // Answered by the timeout: whatever the render makes of it later is dropped.
      rendering.then((late) => late.body?.cancel()).catch(() => {});
      options.logger.error({ path: loggedPath(path), ms: requestTimeoutMs }, "request timed out");
      await outage.explains();
      return unavailable(path);
    }
    // A failure the database caused (every connection taken, the connection cut under a
    // checkout) is the shop's trouble for a moment, not the request's: 503 with Retry-After.
    if (result.status >= 500 && (faulted() || (await outage.explains()))) {
      await result.body?.cancel();
      return unavailable(path);
    }
    return result;
  };
}
