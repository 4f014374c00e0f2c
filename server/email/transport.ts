import { createTransport } from "nodemailer";
import type { Logger } from "../logger";

// How a message leaves the shop (DESIGN §3 rule 4): SMTP through nodemailer when SMTP_URL is set,
// otherwise the development mailbox, where the outbox row itself is the delivered message.

export type OutgoingEmail = { to: string; subject: string; html: string; text: string };

export type MailTransport = {
  name: "smtp" | "dev-mailbox";
  send(message: OutgoingEmail): Promise<void>;
};

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = createTransport(url);
  return {
    name: "smtp",
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}

/** Demo mode: nothing leaves the machine; the links are printed so a developer can follow them. */
export function devMailboxTransport(logger: Logger): MailTransport {
  return {
    name: "dev-mailbox",
    async send(message) {
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(
        { to: message.to, subject: message.subject, links },
        "dev mailbox: message delivered (see /dev/mailbox)",
      );
    },
  };
}
