import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { recordStep, reportsDir, summary } from "./test-report";

// `npm test`: every layer in turn, each step timed, stopping at the first that fails; then each
// step's time and the ten slowest test files (docs/testing.md). `npm test -- e2e-phone unit` runs
// the named steps only, in this order.

type Step = { name: string; command: string[]; env?: Record<string, string> };

const vitest = (name: string, projects: string[]): Step => ({
  name,
  command: [
    "npx",
    "vitest",
    "run",
    ...projects.map((project) => `--project=${project}`),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${join(reportsDir, `${name}.json`)}`,
  ],
});

const playwright = (project: string): Step => ({
  name: `e2e-${project}`,
  command: ["npx", "playwright", "test", `--project=${project}`],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reportsDir, `e2e-${project}.json`) },
});

const steps: Step[] = [
  // Route types for the type check and the linters, made once.
  { name: "typegen", command: ["npx", "react-router", "typegen"] },
  { name: "lint", command: ["npm", "run", "--silent", "lint:code"] },
  { name: "typecheck", command: ["npx", "tsc", "--noEmit"] },
  vitest("unit", ["unit", "ui"]),
  vitest("integration", ["integration"]),
  { name: "build", command: ["npm", "run", "--silent", "build"] },
  playwright("desktop"),
  playwright("phone"),
  playwright("process"),
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(
    `No such step: ${unknown.join(", ")}. Steps: ${steps.map((s) => s.name).join(", ")}`,
  );
  process.exit(2);
}

// The last run's reports go; .ci/run, which times its own steps into the same table before and
// after this one, keeps them (CI_STEPS_APPEND).
mkdirSync(reportsDir, { recursive: true });
if (process.env.CI_STEPS_APPEND) {
  for (const name of readdirSync(reportsDir).filter((file) => file.endsWith(".json"))) {
    rmSync(join(reportsDir, name));
  }
} else {
  rmSync(reportsDir, { recursive: true, force: true });
}
let failed: string | undefined;
for (const step of steps.filter((s) => asked.length === 0 || asked.includes(s.name))) {
  console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
  const started = performance.now();
  const [command = "", ...args] = step.command;
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, ...step.env },
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const ok = result.status === 0;
  recordStep(step.name, seconds, ok);
  console.log(`CI step took ${Math.round(seconds)} s: ${step.name}${ok ? "" : " (failed)"}`);
  if (!ok) {
    failed = step.name;
    break;
  }
}
// Under .ci/run the table is printed once, at the end of CI, with its own steps in it.
if (!process.env.CI_STEPS_APPEND) process.stdout.write(summary());
if (failed) {
  console.error(`npm test failed at ${failed}`);
  process.exit(1);
}
