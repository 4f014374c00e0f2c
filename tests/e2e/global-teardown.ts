import { existsSync, readFileSync } from "node:fs";
import { findSecrets } from "../log-secrets";
import { E2E_SERVER_LOG } from "./server-log";

// After the whole end-to-end run: the shared server's log (every request of every test, at
// LOG_LEVEL=info) holds no password, card number, token or secret (issue 14). A leak fails the run.
export default function globalTeardown() {
  if (!existsSync(E2E_SERVER_LOG)) throw new Error(`no server log at ${E2E_SERVER_LOG}`);
  const log = readFileSync(E2E_SERVER_LOG, "utf8");
  const lines = log.split("\n").filter(Boolean).length;
  const leaks = findSecrets(log);
  if (leaks.length > 0) {
    throw new Error(`secrets in the server's log:\n${leaks.slice(0, 20).join("\n")}`);
  }
  process.stdout.write(`server log checked for secrets: ${lines} lines, none found\n`);
}
