import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";

// The commit-message rule (docs/testing.md, README "Contributing"), run by `npm run lint`: a
// subject of at most 72 characters in the imperative, a blank line, then a body that says why.
// Commits made before the rule existed are left as they are: history is not rewritten.

/** The last commit before the rule; every commit after it is checked. */
export const RULE_BASELINE = "9d75906ea50cf59b73e5df258bca1a0b4b063ca7";

export const MAX_SUBJECT = 72;

// First words that end like a past tense or a gerund but are imperatives.
const IMPERATIVES_ENDING_ED = new Set([
  "bleed",
  "embed",
  "exceed",
  "feed",
  "heed",
  "need",
  "proceed",
  "seed",
  "shed",
  "shred",
  "speed",
  "succeed",
]);
const IMPERATIVES_ENDING_ING = new Set(["bring", "ping", "ring", "spring", "string", "swing"]);

/** What is wrong with one commit message; empty when it follows the rule. */
export function commitMessageProblems(message: string): string[] {
  const lines = message.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n");
  const subject = lines[0] ?? "";
  const problems: string[] = [];
  if (subject.trim() === "") return ["the subject is empty"];
  if (subject.length > MAX_SUBJECT) {
    problems.push(`the subject is ${subject.length} characters (at most ${MAX_SUBJECT})`);
  }
  if (/[.:]$/.test(subject)) problems.push("the subject ends with punctuation");
  const firstWord = (subject.match(/^[A-Za-z]+/)?.[0] ?? "").toLowerCase();
  if (firstWord === "") {
    problems.push("the subject does not start with a verb");
  } else if (firstWord.endsWith("ed") && !IMPERATIVES_ENDING_ED.has(firstWord)) {
    problems.push(
      `the subject starts with "${firstWord}": say what the commit does ("Add", not "Added")`,
    );
  } else if (firstWord.endsWith("ing") && !IMPERATIVES_ENDING_ING.has(firstWord)) {
    problems.push(
      `the subject starts with "${firstWord}": say what the commit does ("Add", not "Adding")`,
    );
  }
  if (lines.length > 1 && (lines[1] ?? "").trim() !== "") {
    problems.push("the subject is not followed by a blank line");
  }
  const body = lines.slice(2).join("\n").trim();
  if (body === "") problems.push("there is no body saying why");
  return problems;
}

type Commit = { sha: string; message: string };

function git(args: string[], cwd: string): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The commits after the baseline (all commits present when a shallow clone lacks it). */
export function commitsToCheck(cwd: string, baseline = RULE_BASELINE): Commit[] {
  let range = "HEAD";
  try {
    git(["rev-parse", "--verify", "--quiet", `${baseline}^{commit}`], cwd);
    range = `${baseline}..HEAD`;
  } catch {
    // A shallow clone without the baseline holds only commits made after it.
  }
  const out = git(["log", "--no-merges", "--format=%H%x00%B%x1e", range], cwd);
  return out
    .split("\x1e")
    .map((entry) => entry.replace(/^\n/, ""))
    .filter((entry) => entry.includes("\0"))
    .map((entry) => {
      const [sha = "", message = ""] = entry.split("\0");
      return { sha, message };
    });
}

export function checkCommits(cwd: string, baseline = RULE_BASELINE): string[] {
  return commitsToCheck(cwd, baseline).flatMap(({ sha, message }) =>
    commitMessageProblems(message).map(
      (problem) => `${sha.slice(0, 10)} "${message.split("\n")[0]}": ${problem}`,
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const cwd = process.cwd();
  let inGit = true;
  try {
    git(["rev-parse", "--git-dir"], cwd);
  } catch {
    inGit = false;
  }
  if (!inGit) {
    console.log("check-commits: not a git checkout, nothing to check");
  } else {
    const problems = checkCommits(cwd);
    if (problems.length > 0) {
      console.error(
        `Commit messages that break the rule (README, "Contributing"):\n${problems.join("\n")}\n` +
          "Reword them with `git rebase -i` before they land.",
      );
      process.exit(1);
    }
    console.log("check-commits: every commit since the rule has a short subject and a body");
  }
}
