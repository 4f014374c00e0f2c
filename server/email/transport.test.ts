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
  it("prints the links of a message in demo mode, for the developer to follow", async () => {
    const { logger, lines } = capturedLogger();
    await devMailboxTransport(logger, { printLinks: true }).send(reset);
    expect(lines.join("")).toContain("secret-token");
  });

  it("never prints a link outside demo mode: a reset link in a log is a way into an account", async () => {
    const { logger, lines } = capturedLogger();
    await devMailboxTransport(logger, { printLinks: false }).send(reset);
    const output = lines.join("");
    expect(output).toContain("victim@example.com");
    expect(output).not.toContain("secret-token");
    expect(output).not.toContain("https://");
  });
});
