import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** What a proxy's id may look like to be kept: short, and nothing that could forge a log field. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of one request, on every log line written while it is handled and on its response. A
 * reverse proxy we trust (TRUST_PROXY) may have named it already, so its logs and ours share the
 * id; otherwise, or when what it sent does not look like an id, a new one is made.
 */
export function requestIdFor(sent: string | undefined, trustProxy: boolean): string {
  if (trustProxy && sent !== undefined && ACCEPTED_ID.test(sent)) return sent;
  return randomUUID();
}
