// What must never appear in a log line: passwords, card numbers, session and emailed
// tokens, secrets. Used on the server's log of a whole end-to-end run (tests/e2e/global-teardown.ts).

/** Passwords and secrets the test suite itself uses: none may be logged. */
const KNOWN_SECRETS = [
  "customer-password-1",
  "admin-password-1",
  "long-enough-1",
  "brand-new-password-9",
  "crash-test-password-7",
  "gleam-demo-mode-secret-not-for-production-use",
];

const PATTERNS: [string, RegExp][] = [
  ["a session cookie", /session_token=/i],
  ["a token in a URL", /[?&/](?:token|code)=?[A-Za-z0-9_-]{16,}/],
  ["a reset or verification link", /reset-password\/[A-Za-z0-9_-]{8,}|verify-email\?token=/],
  ["a bearer credential", /\bBearer\s+[A-Za-z0-9._-]{8,}/],
  ["a Stripe key", /\b(?:sk|rk|whsec)_(?:live|test)?_?[A-Za-z0-9]{8,}/],
  ["a password field", /"(?:password|newPassword|currentPassword)"\s*:\s*"[^"]+"/],
];

/**
 * 13 to 19 digits, optionally grouped by spaces or dashes, standing on their own (not part of a
 * word, an id or an address such as buyer-1795511482709@example.com).
 */
const DIGIT_RUN = /(?<![\w.@-])(?:\d[ -]?){12,18}\d(?![\w.@-])/g;

/** A run of digits that passes the Luhn check, as every card number does. */
function hasCardNumber(line: string): boolean {
  // The log's own timestamps are 13-digit numbers: not cards.
  const text = line.replace(/"time":\d+/g, "");
  return (text.match(DIGIT_RUN) ?? []).some((run) => {
    const digits = run.replace(/\D/g, "");
    let sum = 0;
    for (let index = 0; index < digits.length; index++) {
      let digit = Number(digits[digits.length - 1 - index]);
      if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  });
}

/**
 * The log's offending records (its JSON lines), each with what it leaked. The demo banner, plain
 * text at start, is not a log record: the demo accounts it prints are public by design (docs/configuration.md, SHOP_MODE).
 */
export function findSecrets(log: string, secrets: readonly string[] = KNOWN_SECRETS): string[] {
  const found: string[] = [];
  for (const line of log.split("\n")) {
    if (!line.startsWith("{")) continue;
    const leaked =
      secrets.find((secret) => line.includes(secret)) ??
      (hasCardNumber(line) ? "a card number" : undefined) ??
      PATTERNS.find(([, pattern]) => pattern.test(line))?.[0];
    if (leaked) found.push(`${leaked}: ${line.slice(0, 300)}`);
  }
  return found;
}
