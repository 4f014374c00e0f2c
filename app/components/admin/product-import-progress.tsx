import type { ImportProgress } from "@common/catalog/product-csv";
import { formatDateTime } from "@common/dates";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { showToast } from "~/lib/toast";
import { FileProblems, plural } from "./product-import";
import { useConfirmedSubmit } from "./use-confirmed-submit";

// An import the job queue applies (/dashboard/admin-products/import/:id): its rows done, left out
// and failed, kept on the server, so a reload or another tab shows the same. While it runs, the
// page's own loader alone is asked again every two seconds (a fetcher: not the admin layout's,
// whose figures the import keeps changing); it can be stopped, asked first.

const REFRESH_MS = 2_000;

const statusLine: Record<ImportProgress["status"], string> = {
  queued: "Waiting to start.",
  running: "Importing: you can leave this page, the import goes on.",
  finished: "Finished.",
  stopped: "Stopped: the rows it had not reached were left out.",
  refused: "Nothing was imported: the file has problems. Correct them and import it again.",
};

/** Shown while the import runs; kept mounted after, so the stop's answer is still told. */
function StopImport({ fileName, going }: { fileName: string; going: boolean }) {
  const { fetcher } = useAccountForm("product-import-stop", (result) => {
    if (result.ok) void showToast("Import stopped");
    else {
      void showToast("Import not stopped", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  const asking = useConfirmedSubmit(fetcher);
  if (!going) return null;
  return (
    <fetcher.Form
      method="post"
      aria-label="Stop the import"
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        asking.ask(event.currentTarget, {
          title: `Stop the import of ${fileName}?`,
          detail: "The products saved so far stay; the rows not reached yet are left out.",
          confirmLabel: "Stop the import",
          busyLabel: "Stopping…",
          cancelLabel: "Keep importing",
        });
      }}
    >
      <input type="hidden" name="intent" value="stop" />
      <Button type="submit" variant="secondary" disabled={asking.busy}>
        Stop the import
      </Button>
      {asking.dialog}
    </fetcher.Form>
  );
}

function Figures({ progress }: { progress: ImportProgress }) {
  const figures = [
    ["Rows done", progress.rowsDone],
    ["Left out", progress.rowsLeftOut],
    ["Failed", progress.rowsFailed],
    ["Products created", progress.created],
    ["Products updated", progress.updated],
  ] as const;
  return (
    <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-muted">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{value.toLocaleString("en-GB")}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The import as last read: the page's, then each refresh's. */
function useFreshProgress(loaded: ImportProgress): ImportProgress {
  const fetcher = useFetcher<{ progress: ImportProgress }>({ key: `import-${loaded.id}` });
  const progress = fetcher.data?.progress ?? loaded;
  const going = progress.status === "queued" || progress.status === "running";
  const { load, state } = fetcher;
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => {
      if (state === "idle") void load(`/dashboard/admin-products/import/${loaded.id}`);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [going, load, state, loaded.id]);
  return progress;
}

export function ImportProgressView({ progress: loaded }: { progress: ImportProgress }) {
  const progress = useFreshProgress(loaded);
  const going = progress.status === "queued" || progress.status === "running";
  const reached = progress.rowsDone + progress.rowsFailed + progress.rowsLeftOut;
  const failed = progress.outcomes.filter((outcome) => outcome.result === "failed");
  const pictures = progress.outcomes.flatMap((outcome) => outcome.imageProblems);
  return (
    <div className="mt-6 space-y-6">
      <section className={cardClass} aria-labelledby="import-progress-heading">
        <h2 id="import-progress-heading" className="text-lg font-semibold">
          Progress
        </h2>
        <p className="mt-2 text-sm" role="status">
          {statusLine[progress.status]}
        </p>
        <div
          role="progressbar"
          aria-label="Rows imported"
          aria-valuemin={0}
          aria-valuemax={progress.rowsTotal}
          aria-valuenow={reached}
          className="mt-4 h-3 w-full overflow-hidden rounded-full bg-line"
        >
          <div
            className="h-full rounded-full bg-brand"
            style={{
              width: `${progress.rowsTotal > 0 ? (100 * reached) / progress.rowsTotal : 0}%`,
            }}
          />
        </div>
        <p className="mt-2 text-sm tabular-nums">
          {progress.rowsTotal > 0
            ? `${reached.toLocaleString("en-GB")} of ${plural(progress.rowsTotal, "row")}`
            : "The file is read when the import starts."}
        </p>
        <Figures progress={progress} />
        <p className="mt-4 text-sm text-ink-muted">
          Started {formatDateTime(progress.startedAt)}
          {progress.finishedAt ? `; ended ${formatDateTime(progress.finishedAt)}` : ""}.
        </p>
        <StopImport fileName={progress.fileName} going={going} />
      </section>
      {progress.problems.length > 0 ? (
        <section className={cardClass} aria-labelledby="import-refused-heading">
          <h2 id="import-refused-heading" className="text-lg font-semibold">
            Problems in the file
          </h2>
          <FileProblems items={progress.problems} />
        </section>
      ) : null}
      {failed.length > 0 || pictures.length > 0 ? (
        <section className={cardClass} aria-labelledby="import-failures-heading">
          <h2 id="import-failures-heading" className="text-lg font-semibold">
            Not imported
          </h2>
          {failed.length > 0 ? (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-coral-strong">
              {failed.map((outcome) => (
                <li key={outcome.handle}>
                  {outcome.name} ({outcome.handle}) was not saved: {outcome.message}
                </li>
              ))}
            </ul>
          ) : null}
          {pictures.length > 0 ? (
            <div className="mt-3 text-sm">
              <p className="font-semibold">
                Pictures not imported (each product keeps the one it had):
              </p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {pictures.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
