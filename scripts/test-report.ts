import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

// What `npm test` and `.ci/run` print at the end (docs/testing.md): each step's time, and the ten
// slowest test files of the run, read from the JSON reports Vitest and Playwright wrote to reports/.

export const reportsDir = join(import.meta.dirname, "..", "reports");
const stepsFile = join(reportsDir, "steps.tsv");

export type FileTime = { file: string; seconds: number; runner: string };

const vitestReport = z.object({
  testResults: z.array(z.object({ name: z.string(), startTime: z.number(), endTime: z.number() })),
});

type PlaywrightSuite = {
  file?: string;
  specs?: { tests?: { projectName?: string; results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    file: z.string().optional(),
    specs: z
      .array(
        z.object({
          tests: z
            .array(
              z.object({
                projectName: z.string().optional(),
                results: z.array(z.object({ duration: z.number().optional() })).optional(),
              }),
            )
            .optional(),
        }),
      )
      .optional(),
    suites: z.array(playwrightSuite).optional(),
  }),
);
const playwrightReport = z.object({ suites: z.array(playwrightSuite) });

/** A Vitest file's wall time, from its first test's start to its last's end. */
export function vitestFileTimes(report: unknown, root: string, runner: string): FileTime[] {
  return vitestReport.parse(report).testResults.map((result) => ({
    file: relative(root, result.name),
    seconds: (result.endTime - result.startTime) / 1000,
    runner,
  }));
}

/** A Playwright file's time: the sum of its tests' runs (retries included), in one project. */
export function playwrightFileTimes(report: unknown, runner: string): FileTime[] {
  const totals = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string | undefined) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        if (here) totals.set(here, (totals.get(here) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of playwrightReport.parse(report).suites) walk(suite, undefined);
  return [...totals].map(([file, ms]) => ({
    file: `tests/e2e/${file}`,
    seconds: ms / 1000,
    runner,
  }));
}

export function slowest(times: readonly FileTime[], count: number): FileTime[] {
  return [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/** Notes one step's time for the summary (`name` tab `seconds` tab `ok` or `failed`). */
export function recordStep(name: string, seconds: number, ok: boolean): void {
  mkdirSync(reportsDir, { recursive: true });
  appendFileSync(stepsFile, `${name}\t${seconds}\t${ok ? "ok" : "failed"}\n`);
}

function readSteps(): { name: string; seconds: number; ok: boolean }[] {
  if (!existsSync(stepsFile)) return [];
  return readFileSync(stepsFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name = "", seconds = "0", state = ""] = line.split("\t");
      return { name, seconds: Number(seconds), ok: state === "ok" };
    });
}

/** Every JSON report of the run: unit.json and integration.json (Vitest), e2e-*.json (Playwright). */
function readFileTimes(): FileTime[] {
  if (!existsSync(reportsDir)) return [];
  const root = join(reportsDir, "..");
  const times: FileTime[] = [];
  // Other steps leave reports of their own there (the soak's soak.json): only the test runners'.
  const testReports = readdirSync(reportsDir).filter((file) =>
    /^(unit|integration|e2e-[a-z]+)\.json$/.test(file),
  );
  for (const name of testReports) {
    const report: unknown = JSON.parse(readFileSync(join(reportsDir, name), "utf8"));
    const runner = name.replace(/\.json$/, "");
    times.push(
      ...(runner.startsWith("e2e-")
        ? playwrightFileTimes(report, runner)
        : vitestFileTimes(report, root, runner)),
    );
  }
  return times;
}

export function summary(): string {
  const steps = readSteps();
  const width = Math.max(...steps.map((step) => step.name.length), 4);
  const lines = ["", "Steps:"];
  for (const step of steps) {
    lines.push(
      `  ${step.name.padEnd(width)} ${String(Math.round(step.seconds)).padStart(5)} s${step.ok ? "" : "  FAILED"}`,
    );
  }
  const total = steps.reduce((sum, step) => sum + step.seconds, 0);
  lines.push(`  ${"total".padEnd(width)} ${String(Math.round(total)).padStart(5)} s`);
  const files = slowest(readFileTimes(), 10);
  if (files.length > 0) {
    lines.push("", "The ten slowest test files:");
    for (const file of files) {
      lines.push(
        `  ${file.seconds.toFixed(1).padStart(6)} s  ${file.runner.padEnd(12)} ${file.file}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(summary());
