import type { DomainError } from "../errors";

/** Is this a unique-constraint violation (SQLSTATE 23505), as either driver reports it? */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  // Drizzle wraps the driver's error; PGlite and node-postgres both carry `code` and `constraint`.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== "object") return false;
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === constraint;
  }
  return false;
}

/**
 * Runs `work`; a violation of the unique `constraint` becomes `refusal`: two saves that both
 * passed the friendly check ("another product uses this slug") before either wrote meet the
 * database's own rule, and the second is told the same, never a 500.
 */
export async function refusingDuplicates<T>(
  constraint: string,
  refusal: () => DomainError,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw refusal();
    throw error;
  }
}
