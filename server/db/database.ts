import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * One type for both drivers (PGlite and node-postgres), so services never care which runs. It
 * names no table: each domain keeps its own in `server/<domain>/schema.ts` and queries them with
 * the query builder, so the database layer depends on no domain
 * (docs/decisions/061-a-domain-in-one-place.md).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
