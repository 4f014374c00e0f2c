import { describe, expect, it } from "vitest";
import { findSecrets } from "./log-secrets";

// The scanner the end-to-end run's log goes through: each kind of leak is caught, ordinary lines
// pass.

describe("secrets in log lines", () => {
  it("passes the lines the server writes", () => {
    const log = [
      '{"level":30,"time":1795508065377,"method":"GET","path":"/product/prod1","status":200,"ms":3.1,"msg":"request"}',
      '{"level":30,"to":"customer@example.com","subject":"Your Gleam order","msg":"dev mailbox: message delivered (read it at /dev/mailbox)"}',
      '{"level":40,"emailId":"0b9c3a57-3c1e-4a8e-9d6f-1f2e3d4c5b6a","attempts":2,"msg":"email failed; will retry"}',
      // A long number inside an address or id is not a card (this one passes the Luhn check).
      '{"level":30,"to":"admin-buyer-1795511482709-ari9sa@example.com","msg":"dev mailbox: message delivered"}',
    ].join("\n");
    expect(findSecrets(log)).toEqual([]);
  });

  it.each([
    ['{"msg":"sign-in","password":"hunter2-hunter2"}', "a password field"],
    ['{"card":"4242 4242 4242 4242"}', "a card number"],
    ['{"card":"4000002500003155"}', "a card number"],
    ['{"cookie":"better-auth.session_token=abc.def"}', "a session cookie"],
    [
      '{"links":["http://localhost:3000/api/auth/verify-email?token=eyJhbGciOi"]}',
      "a reset or verification link",
    ],
    ['{"url":"/api/auth/reset-password/Zk3mQ9pL2xV8nB4c"}', "a reset or verification link"],
    ['{"auth":"Bearer abcdefghijkl"}', "a bearer credential"],
    ['{"key":"sk_live_51H8abcdEFGH"}', "a Stripe key"],
    ['{"msg":"customer-password-1"}', "customer-password-1"],
  ])("catches %s", (line, what) => {
    const found = findSecrets(line);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${what}: `));
  });
});
