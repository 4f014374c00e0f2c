import { data } from "react-router";
import type { z } from "zod";
import type { AccountActionResult } from "./account-results";

// How the account forms' actions answer (login, reset password, details, settings): one shape,
// with the status the outcome deserves and any session cookies better-auth set.

export function accountAnswer(
  result: AccountActionResult,
  { status, setCookies = [] }: { status?: number; setCookies?: string[] } = {},
) {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(result, { status: status ?? (result.ok ? 200 : 400), headers });
}

export type ParsedForm<T> =
  | { ok: true; data: T }
  | { ok: false; answer: ReturnType<typeof accountAnswer> };

/** The form checked with `schema`, or the 400 answer naming its first problem. */
export function parseAccountForm<S extends z.ZodType>(
  schema: S,
  form: Record<string, unknown>,
  intent: string,
): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(form);
  if (parsed.success) return { ok: true, data: parsed.data };
  const message = parsed.error.issues[0]?.message ?? "Please check the form.";
  return { ok: false, answer: accountAnswer({ intent, ok: false, message }) };
}
