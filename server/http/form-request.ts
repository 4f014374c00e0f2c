import { data } from "react-router";
import { controlCharactersRefused, fieldWithControlCharacters } from "./control-characters";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * A page form's fields. Anything but a form body (JSON, plain text) is answered 415, and a form
 * body that cannot be parsed 400: a page action never fails with 500 on what a client sent. A field
 * holding a control character is a DomainError (400, naming the field): ./control-characters.ts.
 * Values that are files are left to the form's schema, which expects text and refuses them.
 */
export async function readForm(request: Request): Promise<Record<string, FormDataEntryValue>> {
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
  return Object.fromEntries(form);
}
