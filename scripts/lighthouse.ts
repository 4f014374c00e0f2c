import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer } from "./built-server";
import { assertChromium, chromiumArgs, chromiumPath } from "./chromium";

// `npm run lighthouse`: audits /, /store and /product/prod1 of the production build with
// Lighthouse's default mobile emulation in headless Chromium, and prints the four category scores.
// Full reports go to reports/lighthouse/ (not committed).

const pages = process.argv.length > 2 ? process.argv.slice(2) : ["/", "/store", "/product/prod1"];
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

async function main() {
  assertChromium();
  const server = await startBuiltServer({ LOG_LEVEL: "warn" }, { captureOutput: false });
  const reportDir = join(import.meta.dirname, "..", "reports", "lighthouse");
  mkdirSync(reportDir, { recursive: true });
  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const path of pages) {
      // A running shop has served its pages before: warm the server, as a visitor would find it.
      await fetch(`${server.url}${path}`);
      const userDataDir = mkdtempSync(join(tmpdir(), "gleam-lighthouse-"));
      const chrome = await chromeLauncher.launch({
        chromePath: chromiumPath,
        chromeFlags: ["--headless=new", ...chromiumArgs, `--user-data-dir=${userDataDir}`],
      });
      try {
        // Served as localhost, as a visitor would type it (BASE_URL of the server).
        const url = `http://localhost:${server.port}${path}`;
        const audit = () =>
          lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...categories],
          });
        let result = await audit();
        // Chromium's first trace sometimes misses its navigation start (NO_NAVSTART): run again.
        if (result?.lhr.runtimeError) {
          console.log(`${path}: ${result.lhr.runtimeError.code}, running the audit again`);
          result = await audit();
        }
        if (!result || result.lhr.runtimeError) {
          throw new Error(
            `Lighthouse failed on ${path}: ${result?.lhr.runtimeError?.message ?? "no result"}`,
          );
        }
        const { lhr } = result;
        writeFileSync(
          join(
            reportDir,
            `${path === "/" ? "home" : path.replace(/\W+/g, "-").replace(/^-/, "")}.json`,
          ),
          JSON.stringify(lhr),
        );
        const row: Record<string, string | number> = { page: path };
        for (const category of categories) {
          row[category] = Math.round((lhr.categories[category]?.score ?? 0) * 100);
        }
        row.LCP = lhr.audits["largest-contentful-paint"]?.displayValue ?? "";
        row.CLS = lhr.audits["cumulative-layout-shift"]?.displayValue ?? "";
        row.TBT = lhr.audits["total-blocking-time"]?.displayValue ?? "";
        rows.push(row);
        const failing = Object.values(lhr.audits).filter(
          (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
        );
        if (failing.length > 0) {
          console.log(
            `${path}: audits below full marks: ${failing.map((audit) => audit.id).join(", ")}`,
          );
        }
      } finally {
        chrome.kill();
        rmSync(userDataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await server.stop();
  }
  console.table(rows);
  console.log(JSON.stringify(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
