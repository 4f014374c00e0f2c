import { data } from "react-router";
import type { z } from "zod";
import type { FormAnswer } from "../../common/form-answer";
import { forgetSessionUser } from "../auth/session";
import { DomainError, httpStatusFor } from "../errors";
import { logger } from "../logger";
import { readForm } from "./form-request";

// The one way a page form's action answers (docs/architecture.md#layout rule 5): the form is read (415 for what is
// not a form, 400 for what cannot be read), its `intent` picks the operation, the fields are
// checked with that operation's schema (400 naming the first problem), and the operation runs. A
// DomainError it throws becomes `{ ok: false, message, code }` with the code's status; anything
// else is logged and answered 500 with a message that gives nothing away. Never cached.

/** What an operation may give back: the session cookies to set (a sign-in); anything else is ignored. */
function cookiesOf(done: unknown): string[] {
  const cookies = (done as { setCookies?: unknown } | null | undefined)?.setCookies;
  return Array.isArray(cookies) ? cookies.filter((cookie) => typeof cookie === "string") : [];
}

/** What an operation gives the page to show (`{ reply }`), passed on in the answer. */
function replyOf(done: unknown): { reply?: unknown } {
  const reply = (done as { reply?: unknown } | null | undefined)?.reply;
  return reply === undefined ? {} : { reply };
}

export type FormIntent = {
  parse: (form: Record<string, unknown>) => z.ZodSafeParseResult<unknown>;
  run: (input: never) => Promise<unknown>;
};

/** One operation of a form: its schema and what it does with the checked fields. */
export function formIntent<S extends z.ZodType>(
  schema: S,
  run: (input: z.output<S>) => Promise<unknown>,
): FormIntent {
  return { parse: (form) => schema.safeParse(form), run };
}

const SOMETHING_WRONG = "Something went wrong";

function answer(result: FormAnswer, status: number, setCookies: string[] = []) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(result, { status, headers });
}

export async function answerForm(request: Request, intents: Record<string, FormIntent>) {
  let form: Record<string, FormDataEntryValue>;
  try {
    form = await readForm(request);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return answer(
      {
        intent: "unknown",
        ok: false,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
      },
      httpStatusFor(error.code),
    );
  }
  const intent = typeof form.intent === "string" ? form.intent : "unknown";
  const operation = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!operation) return answer({ intent: "unknown", ok: false, message: SOMETHING_WRONG }, 400);
  const parsed = operation.parse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? "Please check the form.";
    // The field at fault, so the page can show the message beside it.
    const field = issue?.path.length ? issue.path.map(String).join(".") : undefined;
    // Every field at fault at once (the first message for each), so one round trip shows them all.
    const problems = new Map<string, string>();
    for (const each of parsed.error.issues) {
      const path = each.path.map(String).join(".");
      if (path && !problems.has(path)) problems.set(path, each.message);
    }
    return answer(
      {
        intent,
        ok: false,
        message,
        ...(field ? { field } : {}),
        ...(problems.size > 1
          ? { problems: [...problems].map(([at, said]) => ({ field: at, message: said })) }
          : {}),
      },
      400,
    );
  }
  const email = (parsed.data as { email?: unknown }).email;
  try {
    const done = await operation.run(parsed.data as never);
    // Who is signed in may have changed: the loaders that follow read the session again.
    forgetSessionUser();
    return answer({ intent, ok: true, ...replyOf(done) }, 200, cookiesOf(done));
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof DomainError)) {
      logger.error({ err: error, intent }, "a form's action failed");
      return answer({ intent, ok: false, message: SOMETHING_WRONG }, 500);
    }
    return answer(
      {
        intent,
        ok: false,
        message: error.message,
        code: error.code,
        ...(error.field ? { field: error.field } : {}),
        ...(typeof email === "string" ? { email } : {}),
      },
      httpStatusFor(error.code),
    );
  }
}
