import { readFileSync } from "node:fs";
import autocannon from "autocannon";

// The server CPU one uncached render costs, read from /proc (Linux): what the render's CPU figure in
// docs/performance.md is judged by (bench-speed) and what two builds are compared by (compare-builds).

/** Renders measured, after WARM_RENDERS that let V8 optimise the hot code (fewer leave the
 * figure a millisecond or more high, and noisy). */
export const RENDERS = 1000;
export const WARM_RENDERS = 2000;
/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time the process has used, in ms (Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which is in parentheses and may hold spaces).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export function fire(
  url: string,
  amount: number,
  connections: number,
  headers: Record<string, string> = {},
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, amount, connections, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Server CPU per render of `url`, in ms, over `renders` renders (4 at a time) asked for with
 * `headers`, after `warm` renders; `pid` is the server's one process (WEB_CONCURRENCY=1) and its
 * page cache must be off.
 */
export async function renderCpuMs(
  pid: number,
  url: string,
  { headers = {}, renders = RENDERS, warm = WARM_RENDERS } = {},
): Promise<number> {
  if (warm > 0) await fire(url, warm, 4, headers);
  const before = cpuMs(pid);
  const result = await fire(url, renders, 4, headers);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`uncached renders of ${url} failed`);
  return Math.round(((cpuMs(pid) - before) / renders) * 100) / 100;
}

/** The median of `values` (the mean of the middle two when their number is even), to 0.01. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 100) / 100;
}
