import { SMTPServer } from "smtp-server";

// Used by the outbox's integration tests and the end-to-end test of several instances.

/** A real SMTP server on a free port that can be told to refuse messages. */
export function startSmtpServer() {
  const received: Array<{ to: string[]; raw: string }> = [];
  let refuse = false;
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
        if (refuse) return callback(new Error("451 try again later"));
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
