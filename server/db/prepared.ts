import type { Database } from "./database";

/**
 * A service's prepared statements, made once per database handle (the test suites open several)
 * and kept for its life: a prepared query skips Drizzle's query building on every call, and
 * PostgreSQL plans it once per connection.
 */
export function preparedStatements<Statements>(
  prepare: (db: Database) => Statements,
): (db: Database) => Statements {
  const byDb = new WeakMap<Database, Statements>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
