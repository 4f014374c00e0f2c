import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

// Unit tests that cannot pass by accident (docs/testing.md): a test fails when anything it runs
// reports an error or a warning through console.error or console.warn (a library's warning is a
// deprecation or a misuse today, a failure after its next upgrade), or reaches for the network
// without a stand-in. A test that expects one says so with its own `vi.spyOn(console, "error")`,
// `vi.spyOn(console, "warn")` or `vi.spyOn(globalThis, "fetch")`, which replace these for its
// duration. A server the test itself started on
// 127.0.0.1 is its own stand-in, and may be fetched.

const problems: string[] = [];
const realFetch = globalThis.fetch;
const realConsoleError = console.error;
const realConsoleWarn = console.warn;

function target(input: Parameters<typeof fetch>[0]): string {
  if (input instanceof Request) return input.url;
  return input instanceof URL ? input.href : String(input);
}

function isTestsOwnServer(url: string): boolean {
  try {
    return new URL(url).hostname === "127.0.0.1";
  } catch {
    return false;
  }
}

beforeEach(() => {
  problems.length = 0;
  console.error = (...args: unknown[]) => {
    problems.push(`console.error: ${format(...args)}`);
  };
  console.warn = (...args: unknown[]) => {
    problems.push(`console.warn: ${format(...args)}`);
  };
  globalThis.fetch = async (input, init) => {
    const url = target(input);
    if (isTestsOwnServer(url)) return realFetch(input, init);
    problems.push(`a network call nobody stubbed: ${init?.method ?? "GET"} ${url}`);
    throw new TypeError(`Unit tests do not reach the network (${url}): stub fetch in the test.`);
  };
});

afterEach(() => {
  console.error = realConsoleError;
  console.warn = realConsoleWarn;
  globalThis.fetch = realFetch;
  if (problems.length > 0) {
    const found = problems.splice(0);
    throw new Error(
      `The test ${found.length === 1 ? "did" : "did these"} what unit tests must not:\n${found.join("\n")}`,
    );
  }
});
