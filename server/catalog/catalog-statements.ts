import type { Database } from "../db/database";
import { preparedStatements } from "../db/prepared";

// The catalogue's prepared statements, kept per database: building a statement's SQL costs more
// than running it, so each sort, filter shape and search stage is prepared once.

const statements = preparedStatements(() => new Map<string, unknown>());

/** The prepared statement called `name`, made by `prepare` the first time it is asked for. */
export function statement<Statement>(
  db: Database,
  name: string,
  prepare: () => Statement,
): Statement {
  const byName = statements(db);
  let found = byName.get(name) as Statement | undefined;
  if (!found) {
    found = prepare();
    byName.set(name, found);
  }
  return found;
}
