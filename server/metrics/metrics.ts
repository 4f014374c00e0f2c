import { count, eq, inArray } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../db/client";
import type { Database } from "../db/database";
import { jobKinds, jobs } from "../jobs/schema";
import { orders } from "../orders/schema";

// What /metrics shows (Prometheus' text format, prom-client). Counters and latencies are this
// process's own: with several workers the primary adds them up (./cluster-metrics.ts), and
// Prometheus adds up instances. What the database knows (backlogs) is read when scraped, the same
// in every process, so its gauges are aggregated by taking one answer, not a sum.

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Histogram({
  name: "gleam_http_request_duration_seconds",
  help: "Time to answer a request, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const checkoutsStarted = new Counter({
  name: "gleam_checkouts_started_total",
  help: "Checkouts that opened a new pending order.",
  registers: [registry],
});

export const checkoutsPaid = new Counter({
  name: "gleam_checkouts_paid_total",
  help: "Orders that became paid (the provider's confirmation applied).",
  registers: [registry],
});

export const checkoutsFailed = new Counter({
  name: "gleam_checkouts_failed_total",
  help: "Payment attempts the provider declined (the order stays pending for another card).",
  registers: [registry],
});

export const jobRuns = new Counter({
  name: "gleam_job_runs_total",
  help: "Background jobs run, by kind and result: done, later (not due yet), retried (failed, tried again later) or parked (given up).",
  labelNames: ["kind", "result"] as const,
  registers: [registry],
});

/** The gauges read from the database when scraped; `database` is the one this process uses. */
export function watchDatabase(database: () => DatabaseHandle | undefined): void {
  new Gauge({
    name: "gleam_jobs",
    help: "Background jobs now, by kind and status: queued (due or waiting for a retry) or parked (given up, listed on the admin's overview).",
    labelNames: ["kind", "status"] as const,
    aggregator: "first",
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await whenAnswering(database(), (db) =>
        db
          .select({ kind: jobs.kind, status: jobs.status, jobs: count() })
          .from(jobs)
          .where(inArray(jobs.status, ["queued", "parked"]))
          .groupBy(jobs.kind, jobs.status),
      );
      if (!rows) return;
      for (const kind of jobKinds) {
        for (const status of ["queued", "parked"] as const) {
          const row = rows.find((found) => found.kind === kind && found.status === status);
          this.set({ kind, status }, row?.jobs ?? 0);
        }
      }
    },
  });

  new Gauge({
    name: "gleam_orders_pending",
    help: "Orders waiting for payment now (their stock is reserved).",
    aggregator: "first",
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await whenAnswering(database(), (db) =>
        db.select({ pending: count() }).from(orders).where(eq(orders.status, "pending")),
      );
      if (rows) this.set(rows[0]?.pending ?? 0);
    },
  });

  new Gauge({
    name: "gleam_db_pool_connections",
    help: "This process's PostgreSQL connections, by state: open, idle, waiting (requests queued for one).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const connections = database()?.connections?.();
      if (!connections) return;
      for (const [state, value] of Object.entries(connections)) this.set({ state }, value);
    },
  });
}

/**
 * The query's rows, or undefined while the database is not ready or not answering: the scrape
 * then leaves those gauges out (an alert on their absence tells more than a stale number).
 */
async function whenAnswering<T>(
  handle: DatabaseHandle | undefined,
  query: (db: Database) => Promise<T>,
): Promise<T | undefined> {
  if (!handle) return undefined;
  try {
    return await query(handle.db);
  } catch {
    return undefined;
  }
}
