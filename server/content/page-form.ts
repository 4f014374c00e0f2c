import { z } from "zod";
import type { PageKey } from "../../common/content/pages";
import { openedVersionField } from "../audit/stale-save";
import { pageContentSchemas } from "./page-content";

// The admin's page form (dashboard.admin-page) as a page's content. A list's fields are named by
// their place ("questions.0.question", "values.3.text", "announcements.1"), so the form works as plain HTML and each
// refusal names the field at fault; the page's own schema (page-content.ts) then checks and
// sanitises the whole.

const MAX_ITEMS = 30;
/** A field of a list's item ("questions.0.question"), or the item itself ("announcements.1"). */
const LIST_FIELD = /^([a-zA-Z]+)\.(\d{1,2})(?:\.([a-zA-Z]+))?$/;
const PLAIN_FIELD = /^[a-zA-Z]+$/;

/** The form's text fields as the page's content: plain ones as they are, listed ones as lists. */
export function contentOfForm(form: Record<string, unknown>): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  // Maps, not objects: a field named "constructor.0.x" must not reach Object's own properties.
  const lists = new Map<string, unknown[]>();
  for (const [name, value] of Object.entries(form)) {
    if (typeof value !== "string") continue;
    const listed = LIST_FIELD.exec(name);
    if (listed) {
      const [, list = "", at = "0", field] = listed;
      const index = Number(at);
      if (index >= MAX_ITEMS) continue;
      const items = lists.get(list) ?? [];
      lists.set(list, items);
      const item = items[index];
      items[index] =
        field === undefined
          ? value
          : { ...(typeof item === "object" && item !== null ? item : {}), [field]: value };
    } else if (PLAIN_FIELD.test(name) && !["intent", "version", "page"].includes(name)) {
      content[name] = value;
    }
  }
  // Gaps (an item removed in the browser) close up, in the form's order.
  for (const [list, items] of lists) content[list] = items.filter((item) => item !== undefined);
  return content;
}

/** Saving or previewing: the page's content from the form, checked by the page's schema. */
export function pageFormSchema(page: PageKey) {
  return z.looseObject({ version: openedVersionField }).transform((form, context) => {
    const checked = pageContentSchemas[page].safeParse(contentOfForm(form));
    if (!checked.success) {
      for (const issue of checked.error.issues) context.addIssue({ ...issue, code: "custom" });
      return z.NEVER;
    }
    return { version: form.version, content: checked.data };
  });
}

/** Restoring a version, or showing it in the preview. */
export const restorePageFormSchema = z.object({
  from: z
    .string()
    .regex(/^\d{1,9}$/, "Choose a version to restore.")
    .transform(Number),
  version: openedVersionField,
});

export const showVersionFormSchema = z.object({
  show: z
    .string()
    .regex(/^\d{1,9}$/, "Choose a version to show.")
    .transform(Number),
});
