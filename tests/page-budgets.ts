// What an uncached render of the busiest pages may cost, in figures that do not change from run
// to run (docs/testing.md): the SQL statements the request runs (its log line's `sql`, counted by
// server/db/statement-count.ts) and the bytes of HTML it sends before compression. Measured by
// tests/e2e/page-budgets.spec.ts on the built server with its page cache off, its process caches
// warm (the second render of each page). A change that costs more fails `npm test` until the
// budget is raised in the same commit, its body saying why.

export type PageFigures = { path: string; statements: number; htmlBytes: number };
export type PageBudget = { statements: number; htmlBytes: number };

/** Room in the bytes for what changes with the day alone: the dates a page names. */
const DAY_TO_DAY_BYTES = 512;

/** Set from the figures of 29 November 2026 (docs/performance.md). */
export const PAGE_BUDGETS: Record<string, PageBudget> = {
  "/": { statements: 1, htmlBytes: 72_165 + DAY_TO_DAY_BYTES },
  "/store": { statements: 1, htmlBytes: 42_276 + DAY_TO_DAY_BYTES },
  "/product/prod1": { statements: 1, htmlBytes: 56_422 + DAY_TO_DAY_BYTES },
  "/search?q=white": { statements: 1, htmlBytes: 43_381 + DAY_TO_DAY_BYTES },
};

/** Each page over its budget, saying by how much; a page without a budget is one too. */
export function pageBudgetProblems(
  figures: readonly PageFigures[],
  budgets: Record<string, PageBudget> = PAGE_BUDGETS,
): string[] {
  const problems: string[] = [];
  for (const page of figures) {
    const budget = budgets[page.path];
    if (!budget) {
      problems.push(`${page.path} has no budget in tests/page-budgets.ts`);
      continue;
    }
    if (page.statements > budget.statements) {
      problems.push(
        `${page.path} runs ${page.statements} SQL statements, over its budget of ${budget.statements}`,
      );
    }
    if (page.htmlBytes > budget.htmlBytes) {
      problems.push(
        `${page.path} sends ${page.htmlBytes} bytes of HTML, over its budget of ${budget.htmlBytes}`,
      );
    }
  }
  return problems;
}
