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
