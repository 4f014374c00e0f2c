import { postForm } from "../../scripts/bench-checkout";
import type { BuiltServer } from "../../scripts/built-server";
import { startSmtpServer } from "../smtp-catcher";
import { expect, test } from "./fixtures";
import { metricValue } from "./metrics";
import { startSeededServer } from "./seeded-shop";

// A slow or failing mail server never slows a customer down (faults): email leaves
// through the outbox in the background, so a sign-up answers at once and its message arrives when
// the mail server gets to it. A refusing server costs a failed attempt, retried later with a
// growing pause and parked after 10 (tests/integration/email-outbox.test.ts proves the backoff
// and the parking, and the admin's overview lists what is parked).

const METRICS_TOKEN = "mail-faults-metrics-token";
const SLOW_MS = 4_000;

test.describe("A slow or failing mail server", () => {
  test("leaves requests as fast as ever, and the mail arrives later", async () => {
    test.setTimeout(90_000);
    const smtp = startSmtpServer();
    let server: BuiltServer | undefined;
    try {
      server = await startSeededServer(
        {
          SMTP_URL: `smtp://127.0.0.1:${await smtp.ready}?ignoreTLS=true`,
          SHOP_MODE: "demo",
          LOG_LEVEL: "warn",
          METRICS_TOKEN,
        },
        { DEMO_ORDERS: "0" },
      );
      const origin = `http://localhost:${server.port}`;
      const run = Date.now();
      const signUp = async (label: string) => {
        const email = `${label}-${run}@example.com`;
        const started = performance.now();
        const response = await postForm(server?.url ?? "", origin, "/login", {
          intent: "sign-up",
          fullName: "Patient Shopper",
          email,
          password: "slow-mail-password-5",
        });
        expect(response.status).toBeLessThan(400);
        return { email, ms: performance.now() - started, answeredAt: Date.now() };
      };

      // Slow: each message takes the mail server 4 s. Three sign-ups, each answered at once.
      smtp.delay(SLOW_MS);
      const slow = [await signUp("slow-a"), await signUp("slow-b"), await signUp("slow-c")];
      for (const { ms } of slow) expect(ms).toBeLessThan(1500);
      await expect
        .poll(
          () => slow.filter(({ email }) => smtp.received.some((m) => m.to.includes(email))).length,
          {
            timeout: 60_000,
          },
        )
        .toBe(3);
      for (const { email, answeredAt } of slow) {
        const message = smtp.received.find((m) => m.to.includes(email));
        // Delivered after the customer had their answer: the request never waited for it.
        expect((message?.at ?? 0) - answeredAt).toBeGreaterThanOrEqual(SLOW_MS - 500);
      }

      // Failing: the mail server refuses. The sign-up is still answered at once; the attempt is
      // counted as failed, to be tried again later, and the shop keeps serving.
      smtp.delay(0);
      smtp.refuse(true);
      const scrape = async () =>
        (
          await fetch(`${server?.url}/metrics`, {
            headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
          })
        ).text();
      const failed = { kind: "send-email", result: "retried" };
      const failedBefore = metricValue(await scrape(), "gleam_job_runs_total", failed);
      const refused = await signUp("refused");
      expect(refused.ms).toBeLessThan(1500);
      await expect
        .poll(async () => metricValue(await scrape(), "gleam_job_runs_total", failed), {
          timeout: 20_000,
        })
        .toBeGreaterThan(failedBefore);
      expect(
        metricValue(await scrape(), "gleam_jobs", { kind: "send-email", status: "queued" }),
      ).toBe(1);
      expect((await fetch(`${server.url}/product/prod1`)).status).toBe(200);
      expect(smtp.received.some((m) => m.to.includes(refused.email))).toBe(false);
    } finally {
      await server?.stop();
      await smtp.close();
    }
  });
});
