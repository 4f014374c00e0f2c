import { readFileSync } from "node:fs";
import { placePaidOrder } from "./cart-fixtures";
import { expect, test } from "./fixtures";
import { metricValue } from "./metrics";
import { E2E_METRICS_TOKEN, E2E_SERVER_LOG } from "./server-log";

// Operable: /metrics for Prometheus behind a token, and a request id on every answer
// and log line. Other tests run at the same time, so counters are compared as "at least".

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const authorised = { Authorization: `Bearer ${E2E_METRICS_TOKEN}` };

test.describe("Operations", () => {
  test("/metrics answers only with the token", async ({ request }) => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: "Bearer wrong-token-of-some-length" },
      { Authorization: E2E_METRICS_TOKEN },
      { Authorization: `Basic ${E2E_METRICS_TOKEN}` },
    ]) {
      const refused = await request.get("/metrics", { headers });
      expect(refused.status()).toBe(401);
      expect(await refused.text()).not.toContain("gleam_");
    }
    const answered = await request.get("/metrics", { headers: authorised });
    expect(answered.status()).toBe(200);
    expect(answered.headers()["content-type"]).toContain("text/plain");
    expect(answered.headers()["cache-control"]).toBe("no-store");
  });

  test("/metrics counts requests by route, checkouts, the outbox and pending orders", async ({
    page,
    request,
  }) => {
    const scrape = async () => (await request.get("/metrics", { headers: authorised })).text();
    const before = await scrape();
    for (const id of ["prod1", "prod2", "no-such-product"]) await request.get(`/product/${id}`);
    await request.get("/no/such/page/at/all");
    await placePaidOrder(page, "metrics");
    const after = await scrape();

    const productPages = (text: string, status: string) =>
      metricValue(text, "gleam_http_request_duration_seconds_count", {
        route: "/product/:id",
        status,
      });
    expect(productPages(after, "200") - productPages(before, "200")).toBeGreaterThanOrEqual(2);
    expect(productPages(after, "404") - productPages(before, "404")).toBeGreaterThanOrEqual(1);
    // A path is never a label: unknown paths share one series.
    expect(after).not.toContain("no-such-product");
    expect(after).not.toContain("/no/such/page");
    expect(after).toMatch(
      /gleam_http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/\*",status="404"\}/,
    );

    for (const counter of ["gleam_checkouts_started_total", "gleam_checkouts_paid_total"]) {
      expect(
        metricValue(after, counter) - metricValue(before, counter),
        counter,
      ).toBeGreaterThanOrEqual(1);
    }
    expect(after).toMatch(/^gleam_checkouts_failed_total \d+$/m);
    // The confirmation email was queued and leaves through the dev mailbox.
    const sent = { kind: "send-email", result: "done" };
    await expect
      .poll(async () => metricValue(await scrape(), "gleam_job_runs_total", sent))
      .toBeGreaterThan(metricValue(before, "gleam_job_runs_total", sent));
    // The job queue's backlog, by kind and status.
    expect(after).toMatch(/^gleam_jobs\{kind="send-email",status="queued"\} \d+$/m);
    expect(after).toMatch(/^gleam_jobs\{kind="expire-order",status="parked"\} \d+$/m);
    expect(after).toMatch(/^gleam_orders_pending \d+$/m);
    // The process's own: memory, event loop lag.
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  test("every answer carries its own request id, which leads to its log line", async ({
    request,
  }) => {
    const ids: string[] = [];
    for (const path of ["/", "/api/products", "/no-such-page", "/healthz", "/favicon.svg"]) {
      const response = await request.get(path);
      const id = response.headers()["x-request-id"] ?? "";
      expect(id, path).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Without TRUST_PROXY a client cannot choose the id its request is logged under.
    const chosen = await request.get("/", { headers: { "X-Request-Id": "chosen-by-the-client" } });
    expect(chosen.headers()["x-request-id"]).toMatch(UUID);

    await expect
      .poll(() => {
        const lines = readFileSync(E2E_SERVER_LOG, "utf8").split("\n");
        return ids.filter((id) => lines.some((line) => line.includes(`"reqId":"${id}"`))).length;
      })
      .toBe(ids.length);
  });
});
