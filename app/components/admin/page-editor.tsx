import type {
  AboutContent,
  FaqContent,
  HomeContent,
  PageContents,
  PageKey,
  PolicyContent,
} from "@common/content/pages";
import type { PagePlaceholders } from "@common/content/placeholders";
import { formatDateTime } from "@common/dates";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { fieldProblems } from "~/components/ui/field-problem";
import { RotateCcw } from "~/components/ui/icons";
import { showToast } from "~/lib/toast";
import { AboutFields, FaqFields, HomeFields, PolicyFields } from "./page-fields";
import { useConfirmedSubmit } from "./use-confirmed-submit";

// One of the shop's pages in the admin (docs/admin.md#pages): its fields, a preview of what the
// storefront will show (the storefront's own components, from the server's checked and cleaned
// copy of the form), and its history, each version shown or restored. Saving publishes at once.

// The storefront's own drawing of the page, loaded when a preview is first shown: the admin's page
// never carries the storefront's page code into the chunks the storefront loads.
const PagePreview = lazy(() => import("./page-preview"));

type Problems = { field?: string; message: string }[];

export type PageHistoryEntry = {
  version: number;
  savedAt: Date | null;
  savedBy: string | null;
  restoredFrom: number | null;
};

export function PageEditor<K extends PageKey>({
  page,
  content,
  version,
  history,
  values,
  today,
}: {
  page: K;
  content: PageContents[K];
  version: number;
  history: readonly PageHistoryEntry[];
  values: PagePlaceholders;
  today: string;
}) {
  const [problems, setProblems] = useState<Problems>([]);
  const [preview, setPreview] = useState<{ label: string; content: PageContents[K] } | null>(null);
  const { fetcher, busy } = useAccountForm(`page-${page}`, (result) => {
    if (!result.ok) {
      setProblems(result.problems ?? [{ field: result.field, message: result.message ?? "" }]);
      void showToast(result.intent === "preview" ? "No preview" : "Page not saved", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
      return;
    }
    setProblems([]);
    if (result.intent === "preview") {
      setPreview({ label: "Your changes", content: result.reply as PageContents[K] });
      return;
    }
    setPreview(null);
    void showToast("Page saved", { description: "The shop shows it now." });
  });
  const list = fieldProblems("page", problems);
  const fields: ReactNode =
    page === "home" ? (
      <HomeFields content={content as HomeContent} problems={list} />
    ) : page === "about" ? (
      <AboutFields content={content as AboutContent} problems={problems} list={list} />
    ) : page === "faq" ? (
      <FaqFields content={content as FaqContent} problems={problems} list={list} />
    ) : (
      <PolicyFields content={content as PolicyContent} problems={problems} list={list} />
    );
  return (
    <div className="space-y-6">
      <fetcher.Form
        method="post"
        aria-label="Page"
        className={`${cardClass} grid gap-5`}
        noValidate
      >
        <input type="hidden" name="version" value={version} />
        {fields}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            Save and publish
          </Button>
          <Button type="submit" name="intent" value="preview" variant="secondary" disabled={busy}>
            Preview changes
          </Button>
        </div>
      </fetcher.Form>
      {preview ? (
        <section aria-labelledby="page-preview-heading" className={`${cardClass} space-y-4`}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="page-preview-heading" className="text-lg font-semibold">
              Preview: {preview.label}
            </h2>
            <Button type="button" size="sm" variant="secondary" onClick={() => setPreview(null)}>
              Close preview
            </Button>
          </div>
          <div className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-paper">
            <Suspense fallback={<p className="p-6 text-ink-muted">Loading the preview…</p>}>
              <PagePreview page={page} content={preview.content} values={values} today={today} />
            </Suspense>
          </div>
        </section>
      ) : null}
      <PageHistory
        page={page}
        history={history}
        current={version}
        onShow={(label, shown) => setPreview({ label, content: shown as PageContents[K] })}
      />
    </div>
  );
}

function versionLabel(entry: PageHistoryEntry): string {
  if (entry.version === 0) return "Starting text";
  return `Version ${entry.version}`;
}

/** Every saved version, newest first: shown in the preview, or restored as the newest. */
function PageHistory({
  page,
  history,
  current,
  onShow,
}: {
  page: PageKey;
  history: readonly PageHistoryEntry[];
  current: number;
  onShow: (label: string, content: unknown) => void;
}) {
  const shower = useAccountForm(`page-${page}-show`, (result) => {
    if (result.ok) {
      const shown = result.reply as { label: string; content: unknown };
      onShow(shown.label, shown.content);
    } else {
      void showToast("No preview", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  const restorer = useAccountForm(`page-${page}-restore`, (result) => {
    void showToast(result.ok ? "Version restored" : "Version not restored", {
      description: result.ok ? "The shop shows it now." : (result.message ?? ""),
      ...(result.ok ? {} : { tone: "error" as const }),
    });
  });
  const { ask, dialog } = useConfirmedSubmit(restorer.fetcher);
  return (
    <section aria-labelledby="page-history-heading" className={cardClass}>
      <h2 id="page-history-heading" className="text-lg font-semibold">
        History
      </h2>
      <ol className="mt-4 divide-y divide-line">
        {history.map((entry) => (
          <li
            key={entry.version}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="page-version"
          >
            <div>
              <p className="font-medium">
                {versionLabel(entry)}
                {entry.version === current ? (
                  <span className="ml-2 rounded-full bg-mint px-2 py-0.5 text-xs font-semibold text-brand-strong">
                    Live
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-ink-muted">
                {entry.savedAt
                  ? `Saved ${formatDateTime(entry.savedAt)}${entry.savedBy ? ` by ${entry.savedBy}` : ""}`
                  : "The shop's words before any save"}
                {entry.restoredFrom !== null
                  ? ` · restored from ${entry.restoredFrom === 0 ? "the starting text" : `version ${entry.restoredFrom}`}`
                  : ""}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <shower.fetcher.Form method="post">
                <input type="hidden" name="intent" value="show" />
                <input type="hidden" name="show" value={entry.version} />
                <Button
                  type="submit"
                  size="sm"
                  variant="secondary"
                  aria-label={`Preview ${versionLabel(entry).toLowerCase()}`}
                >
                  Preview
                </Button>
              </shower.fetcher.Form>
              {entry.version === current ? null : (
                <restorer.fetcher.Form
                  method="post"
                  onSubmit={(event) => {
                    event.preventDefault();
                    ask(event.currentTarget, {
                      title: `Restore ${versionLabel(entry).toLowerCase()}?`,
                      detail: "It becomes the page the shop shows now, as a new version.",
                      confirmLabel: "Restore",
                      busyLabel: "Restoring…",
                    });
                  }}
                >
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="from" value={entry.version} />
                  <input type="hidden" name="version" value={current} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="secondary"
                    aria-label={`Restore ${versionLabel(entry).toLowerCase()}`}
                  >
                    <RotateCcw aria-hidden="true" />
                    Restore
                  </Button>
                </restorer.fetcher.Form>
              )}
            </div>
          </li>
        ))}
      </ol>
      {dialog}
    </section>
  );
}
