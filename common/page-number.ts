import { z } from "zod";

/** The furthest page of a list the URL may ask for; anything past it is read as page 1. */
export const MAX_PAGE_NUMBER = 100_000;

/**
 * A list's page from its URL: a whole number from 1. Whatever else a hand-edited address holds
 * ("1.01", "abc", "-3", "1e400") is page 1, never a query at a fractional offset.
 */
export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).catch(1);
