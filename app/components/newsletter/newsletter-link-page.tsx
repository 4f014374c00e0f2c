import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

/**
 * The page an emailed newsletter link opens (confirm, unsubscribe): what the link will do, and a
 * button that does it. A button, not the link itself: mail scanners open links by themselves, and
 * a subscription must be a person's act (decision record 045). A plain form, so it works before
 * the page's script has loaded.
 */
export function NewsletterLinkPage({
  heading,
  children,
  action,
}: {
  heading: string;
  children: ReactNode;
  /** The button and its hidden intent; none when there is nothing left to do. */
  action?: { intent: string; label: string; busyLabel: string };
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
        <div className="mt-4 space-y-3 text-ink-muted">{children}</div>
        {action ? (
          <Form method="post" className="mt-6">
            <input type="hidden" name="intent" value={action.intent} />
            <Button type="submit" disabled={busy}>
              {busy ? action.busyLabel : action.label}
            </Button>
          </Form>
        ) : (
          <Link to="/store" className={`${buttonVariants()} mt-6`}>
            Continue shopping
          </Link>
        )}
      </div>
    </div>
  );
}
