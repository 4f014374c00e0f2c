import type { MiddlewareHandler } from "hono";
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from "../../common/text-rules";
import { DomainError } from "../errors";

// One rule at the boundary for every text the shop accepts: no control
// characters (NUL above all: PostgreSQL refuses it in text, and a NUL that reached a query was a
// 500). Line breaks and tabs pass in a body's fields, where a textarea puts them; an address (path
// and query) holds none. The readers that apply it are the only ways in: every page form goes
// through readForm (form-request.ts), every JSON body through readJsonBody (json-request.ts), and
// every request's address through the HTTP app's middleware below, so a new form, API or route
// parameter cannot forget it.

/** The first field (a name, or a value in it) holding a control character, or null. */
export function fieldWithControlCharacters(
  fields: Iterable<[string, FormDataEntryValue]>,
): string | null {
  for (const [name, value] of fields) {
    if (
      hasControlCharacters(name) ||
      (typeof value === "string" && hasControlCharacters(value, { multiline: true }))
    ) {
      return name;
    }
  }
  return null;
}

/**
 * Whether any string in a parsed JSON document (keys included) holds a control character. Walked
 * with a list rather than recursion: JSON.parse takes a document nested thousands deep, which a
 * recursive walk would meet as a stack overflow.
 */
export function jsonHasControlCharacters(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (hasControlCharacters(item, { multiline: true })) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner);
    } else if (item && typeof item === "object") {
      for (const [key, inner] of Object.entries(item)) {
        if (hasControlCharacters(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** A body's refusal: 400 with the message every form shows, naming the field when known. */
export function controlCharactersRefused(field?: string): DomainError {
  return new DomainError("BAD_REQUEST", NO_CONTROL_CHARACTERS, field);
}

/**
 * Whether a request's address is refused: a path that is not valid percent-encoding (`%zz`, a
 * cut-off UTF-8 sequence), which every reader downstream would have to survive (one threw: a
 * 500), or a control character in the path or query once decoded.
 */
export function addressRefused(pathname: string, search: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  if (hasControlCharacters(path)) return true;
  for (const [name, value] of new URLSearchParams(search)) {
    if (hasControlCharacters(name) || hasControlCharacters(value)) return true;
  }
  return false;
}

const ADDRESS_REFUSED = "This address holds characters the shop does not accept.";

/** Answers 400 to a request whose address is refused (above), before anything reads it. */
export function refuseControlCharactersInAddress(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!addressRefused(url.pathname, url.search)) return next();
    c.header("Cache-Control", "no-store");
    if (url.pathname.startsWith("/api/")) return c.json({ error: ADDRESS_REFUSED }, 400);
    return c.text(ADDRESS_REFUSED, 400);
  };
}
