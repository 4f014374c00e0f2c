import { createTransport } from "nodemailer";
import { env } from "../env";
import type { Logger } from "../logger";

// How a message leaves the shop (docs/architecture.md#layout rule 4): SMTP through nodemailer when SMTP_URL is set,
// otherwise the development mailbox, where the outbox row itself is the delivered message.

export type OutgoingEmail = {
  /** The outbox row's id: the message's Message-ID, the same on every attempt. */
  id?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Headers of its own (a marketing email's List-Unsubscribe), as they go out. */
  headers?: Record<string, string>;
};

/** Give up on one message within a minute (the outbox's lease is longer). */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export type MailTransport = {
  name: "smtp" | "dev-mailbox";
  send(message: OutgoingEmail): Promise<void>;
};

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = createTransport({ url, ...SMTP_TIMEOUTS });
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
  return {
    name: "smtp",
    async send({ id, ...message }) {
      await transporter.sendMail({
        from,
        ...message,
        ...(id ? { messageId: `<${id}@${domain}>` } : {}),
      });
    },
  };
}

/**
 * Nothing leaves the machine. In demo mode the message is read at /dev/mailbox, links included;
 * the log says only that it arrived, to whom and about what: a link in a log (a reset, a
 * verification) is a way into an account, in demo mode as anywhere.
 */
export function devMailboxTransport(logger: Logger, { demo }: { demo: boolean }): MailTransport {
  return {
    name: "dev-mailbox",
    async send(message) {
      logger.info(
        { to: message.to, subject: message.subject },
        demo
          ? "dev mailbox: message delivered (read it at /dev/mailbox)"
          : "dev mailbox: message kept, not sent (MAIL_TRANSPORT=dev-mailbox)",
      );
    },
  };
}

/** The transport the configuration picks: SMTP_URL, or the dev mailbox. */
export function configuredTransport(logger: Logger): MailTransport {
  if (env.MAIL_TRANSPORT === "smtp" && env.SMTP_URL) {
    return smtpTransport(env.SMTP_URL, env.MAIL_FROM);
  }
  return devMailboxTransport(logger, { demo: env.SHOP_MODE === "demo" });
}
