import { describe, expect, it } from "vitest";
import { PAGE_BUDGETS, pageBudgetProblems } from "./page-budgets";

describe("page budgets (docs/testing.md)", () => {
  it("has a budget for each page measured", () => {
    expect(Object.keys(PAGE_BUDGETS)).toEqual(["/", "/store", "/product/prod1", "/search?q=white"]);
  });

  // The probe: a page that adds a statement or grows its HTML fails; one within passes.
  it("reports a page over either budget, and a page without one", () => {
    const budgets = { "/product/prod1": { statements: 3, htmlBytes: 50_000 } };
    expect(
      pageBudgetProblems(
        [
          { path: "/product/prod1", statements: 4, htmlBytes: 50_001 },
          { path: "/cart", statements: 0, htmlBytes: 1 },
        ],
        budgets,
      ),
    ).toEqual([
      "/product/prod1 runs 4 SQL statements, over its budget of 3",
      "/product/prod1 sends 50001 bytes of HTML, over its budget of 50000",
      "/cart has no budget in tests/page-budgets.ts",
    ]);
    expect(
      pageBudgetProblems([{ path: "/product/prod1", statements: 3, htmlBytes: 50_000 }], budgets),
    ).toEqual([]);
  });
});
