import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cycleEdges, domainCycles, domainGraph } from "./domain-graph";
import { scratchServers } from "./scratch-server";

const serverDir = join(import.meta.dirname, "..", "server");

const server = scratchServers("gleam-domains-");

describe("the server's domain graph (docs/architecture.md#domains)", () => {
  it("has no cycle", () => {
    const graph = domainGraph(serverDir);
    expect(graph.size).toBeGreaterThan(15);
    const cycles = domainCycles(graph);
    expect(cycles.flatMap((cycle) => cycleEdges(graph, cycle))).toEqual([]);
  });

  // The probe: a cycle through three domains, written as a bare, an aliased and a dynamic import,
  // is found, with the files that close it; a one-way import and a test's import are not.
  it("finds a cycle when one appears", () => {
    const dir = server({
      "orders/order-state.ts": 'import "../email/outbox";\n',
      "email/outbox.ts": 'import type { Kick } from "@server/jobs/job-kick";\n',
      "jobs/job-kick.ts": 'export const load = () => import("../orders/order-state");\n',
      "jobs/job-kick.test.ts": 'import "../stock/stock";\n',
      "stock/stock.ts":
        'import { recordAudit } from "../audit/audit-log";\nimport "../jobs/job-kick";\n',
      "audit/audit-log.ts": "export const recordAudit = 1;\n",
      // Reading another domain's tables is no edge: reviews -> orders/schema and orders -> reviews
      // close no cycle.
      "reviews/reviews.ts": 'import { orders } from "../orders/schema";\n',
      "orders/order-view.ts": 'import "@server/reviews/reviews";\n',
      "orders/schema.ts": "export const orders = 1;\n",
      "env.ts": 'import "./logger";\n',
      "logger.ts": "export const logger = 1;\n",
    });
    const graph = domainGraph(dir);
    const cycles = domainCycles(graph);
    expect(cycles).toEqual([["email", "jobs", "orders"]]);
    expect(cycleEdges(graph, cycles[0] ?? []).sort()).toEqual([
      "email -> jobs (email/outbox.ts)",
      "jobs -> orders (jobs/job-kick.ts)",
      "orders -> email (orders/order-state.ts)",
    ]);
  });
});
