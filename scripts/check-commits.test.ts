import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkCommits, commitMessageProblems } from "./check-commits";

const good = "Refuse a stale refund\n\nTwo admins refunding at once could pay twice.\n";

describe("commit messages", () => {
  it("accepts a short imperative subject, a blank line and a body", () => {
    expect(commitMessageProblems(good)).toEqual([]);
    expect(commitMessageProblems("Seed the demo shop once\n\nWhy it matters.")).toEqual([]);
  });

  it("refuses a subject over 72 characters", () => {
    const subject = `Add ${"x".repeat(69)}`;
    expect(subject).toHaveLength(73);
    expect(commitMessageProblems(`${subject}\n\nWhy.`)).toEqual([
      "the subject is 73 characters (at most 72)",
    ]);
    expect(commitMessageProblems(`${subject.slice(0, 72)}\n\nWhy.`)).toEqual([]);
  });

  it("refuses a message without a body, or without the blank line", () => {
    expect(commitMessageProblems("Fix the cart")).toEqual(["there is no body saying why"]);
    expect(commitMessageProblems("Fix the cart\nbecause")).toEqual([
      "the subject is not followed by a blank line",
      "there is no body saying why",
    ]);
  });

  it("refuses a past tense or a gerund, and a subject ending in a full stop", () => {
    expect(commitMessageProblems("Added the cart\n\nWhy.")[0]).toMatch(/"added"/);
    expect(commitMessageProblems("Fixing the cart\n\nWhy.")[0]).toMatch(/"fixing"/);
    expect(commitMessageProblems("Fix the cart.\n\nWhy.")).toEqual([
      "the subject ends with punctuation",
    ]);
  });
});

describe("the check over a repository's history", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const commit = (message: string) => {
    writeFileSync(join(dir, "file.txt"), message);
    execFileSync("git", ["add", "file.txt"], { cwd: dir });
    execFileSync("git", ["commit", "-q", "-m", message], { cwd: dir });
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
  };

  // The probe: a commit after the baseline with a long subject and no body fails the check; the
  // same history before the baseline does not.
  it("fires on a bad commit after the baseline, not on history before it", () => {
    dir = mkdtempSync(join(tmpdir(), "check-commits-"));
    execFileSync("git", ["init", "-q"], { cwd: dir });
    execFileSync("git", ["config", "user.name", "Probe"], { cwd: dir });
    execFileSync("git", ["config", "user.email", "probe@example.com"], { cwd: dir });
    commit("an old commit from before the rule, with a subject that goes on and on and on and on");
    const baseline = commit("Add the baseline\n\nThe rule starts after this commit.");
    expect(checkCommits(dir, baseline)).toEqual([]);
    commit(`Add ${"a very long subject".repeat(4)}`);
    const problems = checkCommits(dir, baseline);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/the subject is 80 characters \(at most 72\)/);
    expect(problems[1]).toMatch(/there is no body saying why/);
  });
});
