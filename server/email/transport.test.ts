import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { devMailboxTransport } from "./transport";

function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

const reset = {
  to: "victim@example.com",
  subject: "Reset your password",
  html: "<p>reset</p>",
  text: "Reset it here: https://shop.example/api/auth/reset-password/secret-token?callbackURL=x",
};

describe("devMailboxTransport", () => {
  it("never prints a link, in demo mode or not: a reset link in a log is a way into an account", async () => {
    for (const demo of [true, false]) {
      const { logger, lines } = capturedLogger();
      await devMailboxTransport(logger, { demo }).send(reset);
      const output = lines.join("");
      expect(output).toContain("victim@example.com");
      expect(output).not.toContain("secret-token");
      expect(output).not.toContain("https://");
    }
  });
});
