import { SMTPServer } from "smtp-server";

// Used by the outbox's integration tests and the end-to-end test of several instances.

/** A real SMTP server on a free port that can be told to refuse messages, or to take its time. */
export function startSmtpServer() {
  const received: Array<{ to: string[]; raw: string; at: number }> = [];
  let refuse = false;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        const answer = () => {
          if (refuse) return callback(new Error("451 try again later"));
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          received.push({ to, raw, at: Date.now() });
          callback();
        };
        if (delayMs > 0) setTimeout(answer, delayMs);
        else answer();
      });
    },
  });
  // A client that dies mid-session (the kill -9 test kills the shop while it sends) resets its
  // connection, and smtp-server reports that as an "error" event: a real mail server carries on,
  // and so does this one (unheard, the event would end the test process with "read ECONNRESET").
  server.on("error", () => {});
  const ready = new Promise<number>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    received,
    ready,
    refuse(value: boolean) {
      refuse = value;
    },
    /** Each message is answered this long after it arrived: a slow mail server. */
    delay(ms: number) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
