import { AsyncLocalStorage } from "node:async_hooks";

// How many SQL statements one request ran: written on its log line (`sql`), and what the page
// budgets of `npm test` count for an uncached render (docs/testing.md). Every statement the
// shop's database handles run through Drizzle is counted, better-auth's included.

type Tally = { statements: number };
const tally = new AsyncLocalStorage<Tally>();

/** Runs `work`, counting the statements it (and everything it awaits) runs. */
export async function countStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const counted: Tally = { statements: 0 };
  const result = await tally.run(counted, work);
  return { result, statements: counted.statements };
}

/** Called by the database handle for each statement it runs. */
export function statementRan(): void {
  const counted = tally.getStore();
  if (counted) counted.statements++;
}
