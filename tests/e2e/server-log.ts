import { join } from "node:path";

/** Where the end-to-end run's shared server writes its log (reports/ is not committed). */
export const E2E_SERVER_LOG = join(import.meta.dirname, "..", "..", "reports", "e2e-server.log");
