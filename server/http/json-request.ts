import { iterator, type ObjectNode, parse } from "@humanwhocodes/momoa";
import type { z } from "zod";
import { DomainError } from "../errors";
import { controlCharactersRefused, jsonHasControlCharacters } from "./control-characters";
import { fieldSentTwice } from "./form-request";

/**
 * The most a request body may hold (JSON here; every body at the HTTP layer, before it is read):
 * a full cart with details, or any of the shop's forms, is a few kilobytes.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * How many arrays and objects deep a JSON body may nest: the shop's deepest (a checkout's lines)
 * is three.
 */
export const MAX_JSON_DEPTH = 16;

/** Whether a parsed JSON document nests deeper than `max`, walked with a list, not recursion. */
export function jsonDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() ?? [null, 0];
    if (item === null || typeof item !== "object") continue;
    if (depth > max) return true;
    for (const inner of Array.isArray(item) ? item : Object.values(item)) {
      pending.push([inner, depth + 1]);
    }
  }
  return false;
}

/**
 * The first key an object of a JSON text names twice (compared as decoded: "a" and "\\u0061" are
 * one key), or null. JSON.parse keeps the last of them silently, so a check that read the first
 * would authorise what does not run (docs/decisions/076-authorised-on-what-runs.md). `text` is
 * valid JSON no deeper than MAX_JSON_DEPTH: the parser here recurses.
 */
export function jsonKeyNamedTwice(text: string): string | null {
  for (const { node, phase } of iterator(parse(text))) {
    if (phase !== "enter" || node.type !== "Object") continue;
    const seen = new Set<string>();
    for (const member of (node as ObjectNode).members) {
      const name = String(member.name.type === "String" ? member.name.value : member.name.name);
      if (seen.has(name)) return name;
      seen.add(name);
    }
  }
  return null;
}

/**
 * The key a JSON body names twice in one of its objects, for a body read elsewhere (better-auth's
 * endpoints); null for a body that is not JSON or nests too deeply, left to its reader to refuse.
 */
export function bodyKeyNamedTwice(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  return jsonDeeperThan(body, MAX_JSON_DEPTH) ? null : jsonKeyNamedTwice(text);
}

/**
 * A JSON request body checked with `schema`; anything else is a DomainError (400, with the first
 * problem's message).
 */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  if (!/^application\/json\b/i.test(request.headers.get("Content-Type") ?? "")) {
    throw new DomainError("BAD_REQUEST", "Send the request as application/json.");
  }
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new DomainError("BAD_REQUEST", "The request is too large.");
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DomainError("BAD_REQUEST", "The request body is not valid JSON.");
  }
  if (jsonDeeperThan(body, MAX_JSON_DEPTH)) {
    throw new DomainError("BAD_REQUEST", "The request is nested too deeply.");
  }
  if (jsonHasControlCharacters(body)) throw controlCharactersRefused();
  const twice = jsonKeyNamedTwice(text);
  if (twice !== null) throw fieldSentTwice(twice);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new DomainError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid request.");
  }
  return parsed.data;
}
