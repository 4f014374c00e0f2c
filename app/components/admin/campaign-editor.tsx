import { formatDateTime } from "@common/dates";
import { groupThousands } from "@common/numbers";
import { useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/lib/toast";
import { DescriptionField } from "./description-field";
import { ProductPicker } from "./product-picker";
import { useConfirmedSubmit } from "./use-confirmed-submit";

export type CampaignView = {
  id: string;
  subject: string;
  bodyHtml: string;
  status: "draft" | "sending" | "sent";
  version: number;
  product: { slug: string; name: string } | null;
  sendingAt: Date | null;
  sentAt: Date | null;
  counts: { recipients: number; sent: number; failed: number; unsubscribed: number };
};

/** A draft's subject, text and product block, saved as a whole. */
export function CampaignForm({ campaign }: { campaign: CampaignView | null }) {
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const { fetcher, busy } = useAccountForm(`campaign-${campaign?.id ?? "new"}`, (result) => {
    if (result.ok) {
      setProblem(null);
      void showToast("Campaign saved", { description: "The preview shows it as saved." });
      return;
    }
    const message = result.message ?? "Something went wrong";
    setProblem({ field: result.field, message });
    void showToast("Campaign not saved", { description: message, tone: "error" });
  });
  const refused = (field: string) =>
    problem?.field === field
      ? { "aria-invalid": true as const, "aria-describedby": `campaign-${field}-error` }
      : {};
  const error = (field: string) =>
    problem?.field === field ? (
      <p id={`campaign-${field}-error`} className="text-sm font-medium text-coral-strong">
        {problem.message}
      </p>
    ) : null;
  return (
    <fetcher.Form
      method="post"
      aria-label="Campaign"
      className={`${cardClass} space-y-5`}
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      {campaign ? <input type="hidden" name="id" value={campaign.id} /> : null}
      {campaign ? <input type="hidden" name="version" value={campaign.version} /> : null}
      <Field id="campaign-subject" label="Subject">
        <Input
          id="campaign-subject"
          name="subject"
          defaultValue={campaign?.subject ?? ""}
          maxLength={150}
          {...refused("subject")}
        />
        {error("subject")}
      </Field>
      <div>
        <DescriptionField
          id="campaign-text"
          name="bodyHtml"
          label="Text"
          initialHtml={campaign?.bodyHtml ?? ""}
          invalid={problem?.field === "bodyHtml"}
          errorId="campaign-bodyHtml-error"
        />
        {error("bodyHtml")}
      </div>
      <div>
        <ProductPicker
          label="Product block (optional)"
          name="productSlugs"
          initial={campaign?.product ? [campaign.product] : []}
          invalid={refused("productSlugs")}
        />
        {error("productSlugs")}
      </div>
      <Button type="submit" disabled={busy}>
        {campaign ? "Save draft" : "Create draft"}
      </Button>
    </fetcher.Form>
  );
}

/** The email as a subscriber gets it, at a desktop mail app's width or a phone's. */
export function CampaignPreview({ html }: { html: string }) {
  const [width, setWidth] = useState<"desktop" | "phone">("desktop");
  return (
    <section aria-labelledby="campaign-preview-heading" className={`${cardClass} space-y-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaign-preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <div className="flex gap-2">
          {(["desktop", "phone"] as const).map((size) => (
            <Button
              key={size}
              type="button"
              size="sm"
              variant={width === size ? "primary" : "secondary"}
              aria-pressed={width === size}
              onClick={() => setWidth(size)}
            >
              {size === "desktop" ? "Desktop" : "Phone"}
            </Button>
          ))}
        </div>
      </div>
      <div className="overflow-x-auto rounded-[var(--radius-card)] bg-paper p-3">
        {/* No scripts, no same origin: the email's own HTML, shown as a mail app would. */}
        <iframe
          title={`Email preview (${width})`}
          srcDoc={html}
          sandbox=""
          className="mx-auto block h-[44rem] max-w-full rounded-lg border border-line bg-white"
          style={{ width: width === "desktop" ? 640 : 375 }}
        />
      </div>
    </section>
  );
}

/** A test to the admin's own address, and the send itself, asked first. */
export function CampaignSending({
  campaign,
  subscribers,
  adminEmail,
}: {
  campaign: CampaignView;
  subscribers: number;
  adminEmail: string;
}) {
  const test = useAccountForm(`campaign-test-${campaign.id}`, (result) => {
    if (result.ok) void showToast("Test sent", { description: `To ${adminEmail}.` });
    else void showToast("Test not sent", { description: result.message, tone: "error" });
  });
  const send = useAccountForm(`campaign-send-${campaign.id}`, (result) => {
    if (result.ok) {
      void showToast("Campaign sending", {
        description: "It goes out a batch a minute; the counts follow.",
      });
    } else void showToast("Campaign not sent", { description: result.message, tone: "error" });
  });
  const asking = useConfirmedSubmit(send.fetcher);
  const everyone =
    subscribers === 1 ? "1 subscriber" : `${groupThousands(subscribers)} subscribers`;
  return (
    <section aria-labelledby="campaign-send-heading" className={`${cardClass} space-y-4`}>
      <h2 id="campaign-send-heading" className="text-lg font-semibold">
        Send
      </h2>
      {campaign.status === "draft" ? (
        <div className="flex flex-wrap gap-3">
          <test.fetcher.Form method="post">
            <input type="hidden" name="intent" value="test" />
            <input type="hidden" name="id" value={campaign.id} />
            <Button type="submit" variant="secondary" disabled={test.busy}>
              Send a test to me
            </Button>
          </test.fetcher.Form>
          <send.fetcher.Form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              asking.ask(event.currentTarget, {
                title: `Send “${campaign.subject}” to ${everyone}?`,
                detail:
                  "Each confirmed subscriber gets it once, with their own unsubscribe link. It cannot be changed once sent.",
                confirmLabel: "Send campaign",
                busyLabel: "Sending…",
              });
            }}
          >
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="id" value={campaign.id} />
            <input type="hidden" name="version" value={campaign.version} />
            <Button type="submit" disabled={asking.busy || subscribers === 0}>
              Send to {everyone}
            </Button>
          </send.fetcher.Form>
          {asking.dialog}
        </div>
      ) : (
        <CampaignCounts campaign={campaign} />
      )}
    </section>
  );
}

function CampaignCounts({ campaign }: { campaign: CampaignView }) {
  const figures = [
    ["Recipients", campaign.counts.recipients],
    ["Delivered", campaign.counts.sent],
    ["Failed", campaign.counts.failed],
    ["Unsubscribed", campaign.counts.unsubscribed],
  ] as const;
  return (
    <>
      <p className="text-sm text-ink-muted" role="status">
        {campaign.status === "sending" ? "Sending since" : "Sent"}{" "}
        {formatDateTime(campaign.sentAt ?? campaign.sendingAt ?? new Date())}.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="campaign-counts">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-[var(--radius-card)] bg-paper p-3">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="text-2xl font-semibold">{groupThousands(value)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
