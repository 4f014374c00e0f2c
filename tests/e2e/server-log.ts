import { join } from "node:path";

/** Where the end-to-end run's shared server writes its log (reports/ is not committed). */
export const E2E_SERVER_LOG = join(import.meta.dirname, "..", "..", "reports", "e2e-server.log");

/** The shared server's /metrics token (a test value: the e2e server is local and short-lived). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-not-a-secret";
