import { z } from "zod";

// How server/env.ts and its parts read a variable: an empty one is an unset one.

export const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
export const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
