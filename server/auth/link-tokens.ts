import { createHash, randomBytes } from "node:crypto";

// The tokens of the shop's own emailed links (a staff invitation, an email change): 32 random
// bytes in the link, only their SHA-256 hash in the database, as better-auth keeps its own. A
// leaked table holds no usable link.

/** What a link's token is looked up by. */
export const linkTokenHash = (token: string) =>
  createHash("sha256").update(token).digest("base64url");

/** A new link's token, and the hash to keep. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: linkTokenHash(token) };
}
