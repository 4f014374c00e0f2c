import {
  type AboutContent,
  type FaqContent,
  type HomeContent,
  type PageContents,
  type PageKey,
  type PagePlaceholders,
  type PolicyContent,
  placeholderHint,
} from "@common/content/pages";
import { formatDateTime } from "@common/dates";
import type { FormAnswer } from "@common/form-answer";
import { type ReactNode, useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { AboutView, FaqView, PolicyView } from "~/components/content/page-views";
import { Hero } from "~/components/home/hero";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { fieldProblems } from "~/components/ui/field-problem";
import { Plus, RotateCcw, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";
import { DescriptionField } from "./description-field";
import { useConfirmedSubmit } from "./use-confirmed-submit";

// One of the shop's pages in the admin (docs/admin.md#pages): its fields, a preview of what the
// storefront will show (the storefront's own components, from the server's checked and cleaned
// copy of the form), and its history, each version shown or restored. Saving publishes at once.

type Problems = { field: string; message: string }[];
type ErrorFor = ReturnType<typeof fieldProblems>;

function problemsOf(result: FormAnswer): Problems {
  if (result.problems) return result.problems;
  return result.field ? [{ field: result.field, message: result.message ?? "" }] : [];
}

const richHint = `Headings, bold, italics, lists, quotes and links; anything else is removed on save. ${placeholderHint}`;

function HomeFields({ content, problems }: { content: HomeContent; problems: ErrorFor }) {
  return (
    <>
      <Field id="page-heroTitle" label="Hero title">
        <Input
          id="page-heroTitle"
          name="heroTitle"
          defaultValue={content.heroTitle}
          maxLength={120}
          {...problems.invalid("heroTitle")}
        />
        {problems.errorFor("heroTitle")}
      </Field>
      <Field id="page-heroText" label="Hero text" hint={placeholderHint}>
        <Textarea
          id="page-heroText"
          name="heroText"
          height="sm"
          defaultValue={content.heroText}
          maxLength={400}
          aria-describedby="page-heroText-hint"
          {...problems.invalid("heroText")}
        />
        {problems.errorFor("heroText")}
      </Field>
    </>
  );
}

function TitleField({ title, problems }: { title: string; problems: ErrorFor }) {
  return (
    <Field id="page-title" label="Title">
      <Input
        id="page-title"
        name="title"
        defaultValue={title}
        maxLength={120}
        {...problems.invalid("title")}
      />
      {problems.errorFor("title")}
    </Field>
  );
}

function RichField({
  id,
  name,
  label,
  html,
  problems,
  list,
}: {
  id: string;
  name: string;
  label: string;
  html: string;
  problems: Problems;
  list: ErrorFor;
}) {
  return (
    <div>
      <DescriptionField
        id={id}
        name={name}
        label={label}
        kind="article"
        initialHtml={html}
        invalid={problems.some((problem) => problem.field === name)}
        errorId={`page-${name}-error`}
        hint={richHint}
      />
      {list.errorFor(name)}
    </div>
  );
}

function AboutFields({
  content,
  problems,
  list,
}: {
  content: AboutContent;
  problems: Problems;
  list: ErrorFor;
}) {
  return (
    <>
      <TitleField title={content.title} problems={list} />
      <Field id="page-lead" label="Introduction">
        <Input
          id="page-lead"
          name="lead"
          defaultValue={content.lead}
          maxLength={300}
          {...list.invalid("lead")}
        />
        {list.errorFor("lead")}
      </Field>
      <RichField
        id="page-story"
        name="storyHtml"
        label="Our story"
        html={content.storyHtml}
        problems={problems}
        list={list}
      />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">Our core values</legend>
        {content.values.map((value, index) => (
          <div key={value.title} className="space-y-3 rounded-lg border border-line p-3">
            <Field id={`page-value-${index}-title`} label={`Value ${index + 1}`}>
              <Input
                id={`page-value-${index}-title`}
                name={`values.${index}.title`}
                defaultValue={value.title}
                maxLength={60}
                {...list.invalid(`values.${index}.title`)}
              />
              {list.errorFor(`values.${index}.title`)}
            </Field>
            <Field id={`page-value-${index}-text`} label={`Value ${index + 1}: text`}>
              <Textarea
                id={`page-value-${index}-text`}
                name={`values.${index}.text`}
                height="sm"
                defaultValue={value.text}
                maxLength={300}
                {...list.invalid(`values.${index}.text`)}
              />
              {list.errorFor(`values.${index}.text`)}
            </Field>
          </div>
        ))}
      </fieldset>
    </>
  );
}

let nextQuestion = 0;

function FaqFields({
  content,
  problems,
  list,
}: {
  content: FaqContent;
  problems: Problems;
  list: ErrorFor;
}) {
  // Each question keeps its key as others are added or removed, so its editor keeps its text.
  const [questions, setQuestions] = useState(() =>
    content.questions.map((question) => ({ ...question, key: nextQuestion++ })),
  );
  return (
    <>
      <TitleField title={content.title} problems={list} />
      <ol className="space-y-4">
        {questions.map((entry, index) => (
          <li key={entry.key} className="space-y-3 rounded-lg border border-line p-3">
            <Field id={`page-question-${entry.key}`} label={`Question ${index + 1}`}>
              <Input
                id={`page-question-${entry.key}`}
                name={`questions.${index}.question`}
                defaultValue={entry.question}
                maxLength={200}
                {...list.invalid(`questions.${index}.question`)}
              />
              {list.errorFor(`questions.${index}.question`)}
            </Field>
            <RichField
              id={`page-answer-${entry.key}`}
              name={`questions.${index}.answerHtml`}
              label={`Answer ${index + 1}`}
              html={entry.answerHtml}
              problems={problems}
              list={list}
            />
            {questions.length > 1 ? (
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => setQuestions((all) => all.filter((other) => other !== entry))}
              >
                <Trash2 aria-hidden="true" />
                Remove question {index + 1}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {questions.length < 30 ? (
        <Button
          type="button"
          variant="secondary"
          className="justify-self-start"
          onClick={() =>
            setQuestions((all) => [...all, { question: "", answerHtml: "", key: nextQuestion++ }])
          }
        >
          <Plus aria-hidden="true" />
          Add a question
        </Button>
      ) : null}
    </>
  );
}

function PolicyFields({
  content,
  problems,
  list,
}: {
  content: PolicyContent;
  problems: Problems;
  list: ErrorFor;
}) {
  return (
    <>
      <TitleField title={content.title} problems={list} />
      <RichField
        id="page-body"
        name="bodyHtml"
        label="Text"
        html={content.bodyHtml}
        problems={problems}
        list={list}
      />
    </>
  );
}

/** The storefront's own drawing of a page's content. */
function PagePreview<K extends PageKey>({
  page,
  content,
  values,
  today,
}: {
  page: K;
  content: PageContents[K];
  values: PagePlaceholders;
  today: string;
}) {
  const shown = content as PageContents[PageKey];
  if (page === "home") {
    const hero = shown as HomeContent;
    return <Hero title={hero.heroTitle} text={hero.heroText} />;
  }
  if (page === "about") return <AboutView content={shown as AboutContent} values={values} />;
  if (page === "faq") return <FaqView content={shown as FaqContent} values={values} />;
  return <PolicyView content={shown as PolicyContent} values={values} updated={today} />;
}

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
      setProblems(problemsOf(result));
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
            <PagePreview page={page} content={preview.content} values={values} today={today} />
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
