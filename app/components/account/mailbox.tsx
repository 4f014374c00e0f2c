import { Fragment } from "react";
import { Mail } from "~/components/ui/icons";

type Message = {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** The message's own headers (a marketing email's List-Unsubscribe). */
  headers: [string, string][];
  status: string;
  createdAt: string;
};

/** The plain-text body with its links made clickable. */
function Body({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="text-sm whitespace-pre-line text-ink-muted">
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
            key={index}
            href={part}
            className="font-medium break-all text-brand-strong underline"
          >
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/** /dev/mailbox: every email the demo shop has sent, newest first, links clickable. */
export function Mailbox({ messages }: { messages: Message[] }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Dev mailbox</h1>
      <p className="mt-2 text-ink-muted">
        Demo mode sends no real email: every message the shop sends is kept here.
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-muted">
          No messages yet.
        </p>
      ) : (
        <ul className="mt-8 space-y-4">
          {messages.map((message) => (
            <li
              key={message.id}
              className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft"
            >
              <article aria-label={message.subject}>
                <div className="flex items-start gap-3">
                  <Mail className="mt-1 size-5 shrink-0 text-brand" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <h2 className="font-semibold">{message.subject}</h2>
                    <p className="text-sm text-ink-muted">
                      To {message.to} · {new Date(message.createdAt).toUTCString()} ·{" "}
                      {message.status}
                    </p>
                    {message.headers.length > 0 ? (
                      <dl className="mt-2 font-mono text-xs break-all text-ink-muted">
                        {message.headers.map(([name, value]) => (
                          <div key={name}>
                            <dt className="inline">{name}: </dt>
                            <dd className="inline">{value}</dd>
                          </div>
                        ))}
                      </dl>
                    ) : null}
                    <div className="mt-3">
                      <Body text={message.text} />
                    </div>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
