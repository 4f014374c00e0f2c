import { createTransport } from "nodemailer";
import { env } from "../env";
import type { Logger } from "../logger";

// How a message leaves the shop (DESIGN §3 rule 4): SMTP through nodemailer when SMTP_URL is set,
// otherwise the development mailbox, where the outbox row itself is the delivered message.

export type OutgoingEmail = {
  /** The outbox row's id: the message's Message-ID, the same on every attempt. */
  id?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
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
 * Nothing leaves the machine. In demo mode (`printLinks`) the message's links are printed so a
 * developer can follow them; a live shop that chose the dev mailbox for staging never prints
 * them, because a reset link in a log is a way into an account.
 */
export function devMailboxTransport(
  logger: Logger,
  { printLinks }: { printLinks: boolean },
): MailTransport {
  return {
    name: "dev-mailbox",
    async send(message) {
      const links = printLinks ? (message.text.match(/https?:\/\/\S+/g) ?? []) : undefined;
      logger.info(
        { to: message.to, subject: message.subject, links },
        printLinks
          ? "dev mailbox: message delivered (see /dev/mailbox)"
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
  return devMailboxTransport(logger, { printLinks: env.SHOP_MODE === "demo" });
}
