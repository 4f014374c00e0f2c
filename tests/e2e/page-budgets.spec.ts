import { rmSync } from "node:fs";
import { type BuiltServer, startBuiltServer } from "../../scripts/built-server";
import { PAGE_BUDGETS, type PageFigures, pageBudgetProblems } from "../page-budgets";
import { expect, test } from "./fixtures";
import { seededDataDir } from "./seeded-shop";

// The busiest pages' cost in figures that cannot be noisy (tests/page-budgets.ts): the SQL
// statements an uncached render runs, read from the request's log line, and the bytes of HTML it
// sends. The shop's own server, with its page cache off: every request renders.

let server: BuiltServer | undefined;
let dataDir = "";

test.beforeAll(async () => {
  dataDir = await seededDataDir();
  server = await startBuiltServer({
    DATA_DIR: dataDir,
    PAGE_CACHE_TTL_SECONDS: "0",
    LOG_LEVEL: "info",
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The `sql` of the request log line carrying `reqId`, once the server has written it. */
async function statementsOf(reqId: string): Promise<number> {
  let statements: number | undefined;
  await expect
    .poll(() => {
      for (const line of (server?.output() ?? "").split("\n")) {
        if (!line.includes(`"reqId":"${reqId}"`) || !line.includes('"msg":"request"')) continue;
        statements = (JSON.parse(line) as { sql?: number }).sql;
      }
      return statements;
    })
    .toBeDefined();
  return statements ?? Number.NaN;
}

test("the busiest pages render within their SQL and HTML budgets", async () => {
  const figures: PageFigures[] = [];
  for (const path of Object.keys(PAGE_BUDGETS)) {
    const render = () =>
      fetch(`${server?.url}${path}`, { headers: { "Accept-Encoding": "identity" } });
    // The first render fills the process's caches (settings, categories); the second is a render
    // as most requests meet it.
    expect((await render()).status, path).toBe(200);
    const response = await render();
    expect(response.status, path).toBe(200);
    expect(response.headers.get("content-encoding"), path).toBeNull();
    const htmlBytes = Buffer.byteLength(await response.text());
    const statements = await statementsOf(response.headers.get("x-request-id") ?? "");
    figures.push({ path, statements, htmlBytes });
  }
  test.info().annotations.push({
    type: "page figures",
    description: figures
      .map((page) => `${page.path}: ${page.statements} statements, ${page.htmlBytes} B`)
      .join("; "),
  });
  expect(pageBudgetProblems(figures), JSON.stringify(figures)).toEqual([]);
});
