import type { AboutContent, FaqContent, HomeContent, PolicyContent } from "@common/content/pages";
import { placeholderHint } from "@common/content/placeholders";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { fieldProblems } from "~/components/ui/field-problem";
import { Plus, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { DescriptionField } from "./description-field";

// Each page's fields in its editor (page-editor.tsx; docs/admin.md#pages). A list's fields are
// named by their place ("questions.0.question"), as the server reads them (server/content/page-form.ts).

type Problems = { field?: string; message: string }[];
type ErrorFor = ReturnType<typeof fieldProblems>;

const richHint = `Headings, bold, italics, lists, quotes and links; anything else is removed on save. ${placeholderHint}`;

export function HomeFields({ content, problems }: { content: HomeContent; problems: ErrorFor }) {
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
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Announcement bar</legend>
        <p id="page-announcements-hint" className="text-sm text-ink-muted">
          Above every shop page: side by side on a computer, one at a time on a phone. Under 80
          characters each. {placeholderHint}
        </p>
        {problems.errorFor("announcements")}
        {content.announcements.map((message, index) => {
          const name = `announcements.${index}`;
          return (
            <Field key={name} id={`page-announcement-${index}`} label={`Message ${index + 1}`}>
              <Input
                id={`page-announcement-${index}`}
                name={name}
                defaultValue={message}
                maxLength={80}
                aria-describedby="page-announcements-hint"
                {...problems.invalid(name)}
              />
              {problems.errorFor(name)}
            </Field>
          );
        })}
      </fieldset>
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

export function AboutFields({
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

export function FaqFields({
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

export function PolicyFields({
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
