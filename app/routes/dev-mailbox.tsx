import { routeMeta } from "@common/seo";
import { getDb } from "@server/db/connection";
import { listMailbox } from "@server/email/outbox";
import { env } from "@server/env";
import { data } from "react-router";
import { Mailbox } from "~/components/account/mailbox";
import type { Route } from "./+types/dev-mailbox";

// The development mailbox (docs/architecture.md#running-and-scaling): demo mode only; in live mode this address does not exist.

export async function loader() {
  if (env.SHOP_MODE !== "demo") throw data("Not Found", { status: 404 });
  const messages = await listMailbox(await getDb());
  return {
    messages: messages.map((message) => ({
      id: message.id,
      to: message.toAddress,
      subject: message.subject,
      text: message.text,
      headers: Object.entries(message.headers ?? {}),
      status: message.sentAt ? "sent" : "pending",
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Dev mailbox",
    description: "Emails the demo shop has sent.",
    path: "/dev/mailbox",
    noindex: true,
  }));
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return <Mailbox messages={loaderData.messages} />;
}
