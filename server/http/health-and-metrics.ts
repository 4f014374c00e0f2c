import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { databaseFaultedLately } from "../db/database-faults";
import type { Logger } from "../logger";
import { shopMetrics } from "../metrics/cluster-metrics";
import { registry } from "../metrics/metrics";

const HEALTH_TIMEOUT_MS = 2000;

type HealthOptions = {
  logger: Logger;
  /** Resolves when the database answers. */
  pingDatabase: () => Promise<void>;
  isReady?: () => boolean;
  isDraining?: () => boolean;
  /** `/metrics` answers a request bearing this token; unset: no /metrics. */
  metricsToken?: string;
};

/** `/healthz` for the load balancer, and `/metrics` for Prometheus behind a token. */
export function healthAndMetrics(options: HealthOptions) {
  const app = new Hono();
  app.get("/healthz", async (c) => {
    c.header("Cache-Control", "no-store");
    // A load balancer stops sending traffic here while in-flight requests finish.
    if (options.isDraining?.()) return c.json({ status: "draining" }, 503);
    if (options.isReady && !options.isReady()) return c.json({ status: "starting" }, 503);
    try {
      await withTimeout(options.pingDatabase(), HEALTH_TIMEOUT_MS);
      // Answering, but it failed requests a moment ago (connections refused or cut): still in
      // service, and saying so for the people watching.
      return c.json({ status: databaseFaultedLately() ? "degraded" : "ok" });
    } catch (error) {
      options.logger.error({ err: error }, "health check: database did not answer");
      return c.json({ status: "unavailable" }, 503);
    }
  });

  const { metricsToken } = options;
  if (metricsToken) {
    app.get("/metrics", async (c) => {
      c.header("Cache-Control", "no-store");
      if (!bearerMatches(c.req.header("Authorization"), metricsToken)) {
        return c.json({ error: "Not authorised." }, 401, { "WWW-Authenticate": "Bearer" });
      }
      return c.body(await shopMetrics(), 200, { "Content-Type": registry.contentType });
    });
  }
  return app;
}

/** True when `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
