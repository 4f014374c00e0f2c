import { data } from "react-router";
import { DomainError } from "../errors";
import { controlCharactersRefused, fieldWithControlCharacters } from "./control-characters";

// A page form's body is read once per request, and every reader gets that one reading: the
// admin's guard authorises the intent the action then runs, never a second parse of the same
// bytes (docs/decisions/076-authorised-on-what-runs.md). A field named twice is refused outright,
// so no reader has to choose between the first value and the last.

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

export type FormFields = Readonly<Record<string, FormDataEntryValue>>;

/** The request's one reading; a WeakMap, so a request's reading goes with the request. */
const readings = new WeakMap<Request, Promise<FormFields>>();

/** What a form that names a field more than once is told (400), naming the field. */
export function fieldSentTwice(name: string): DomainError {
  return new DomainError(
    "BAD_REQUEST",
    `The field “${name}” was sent more than once. Send each field once.`,
    name,
  );
}

async function parseForm(request: Request): Promise<FormFields> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) {
    throw data("Send this form as application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
    });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("The form could not be read.", { status: 400 });
  }
  const refused = fieldWithControlCharacters(form);
  if (refused !== null) throw controlCharactersRefused(refused);
  const fields: Record<string, FormDataEntryValue> = Object.create(null);
  for (const [name, value] of form) {
    if (Object.hasOwn(fields, name)) throw fieldSentTwice(name);
    fields[name] = value;
  }
  return fields;
}

/**
 * A page form's fields, each named once. Anything but a form body (JSON, plain text) is answered
 * 415, and a form body that cannot be parsed 400: a page action never fails with 500 on what a
 * client sent. A field holding a control character (./control-characters.ts), or named more than
 * once, is a DomainError (400, naming the field). Values that are files are left to the form's
 * schema, which expects text and refuses them. Every call for the same request gets the same
 * reading (or the same refusal).
 */
export function readForm(request: Request): Promise<FormFields> {
  let reading = readings.get(request);
  if (!reading) {
    reading = parseForm(request);
    readings.set(request, reading);
  }
  return reading;
}
