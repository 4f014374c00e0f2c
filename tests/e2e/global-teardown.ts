import { existsSync, readFileSync } from "node:fs";
import { findSecrets } from "../log-secrets";
import { E2E_SERVER_LOG } from "./server-log";

// After the whole end-to-end run: the shared server's log (every request of every test, at
// LOG_LEVEL=info) holds no password, card number, token or secret, and each request's
// line names the request. A leak, or a line without its id, fails the run.
export default function globalTeardown() {
  if (!existsSync(E2E_SERVER_LOG)) throw new Error(`no server log at ${E2E_SERVER_LOG}`);
  const log = readFileSync(E2E_SERVER_LOG, "utf8");
  const lines = log.split("\n").filter(Boolean).length;
  const leaks = findSecrets(log);
  if (leaks.length > 0) {
    throw new Error(`secrets in the server's log:\n${leaks.slice(0, 20).join("\n")}`);
  }
  // Every request's line carries the id its answer carried (X-Request-Id).
  const requestLines = log.split("\n").filter((line) => line.includes('"msg":"request"'));
  const unnamed = requestLines.filter((line) => !/"reqId":"[^"]{8,}"/.test(line));
  if (requestLines.length === 0 || unnamed.length > 0) {
    throw new Error(
      `request lines without a request id: ${unnamed.length} of ${requestLines.length}\n${unnamed.slice(0, 5).join("\n")}`,
    );
  }
  process.stdout.write(
    `server log checked: ${lines} lines, no secret; ${requestLines.length} request lines, each with its request id\n`,
  );
}
