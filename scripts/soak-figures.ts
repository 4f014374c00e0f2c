// The soak's figures (scripts/soak.ts): each action's throughput and latency, and whether the
// server's memory stayed flat.

export type Outcome = { action: string; at: number; ms: number; ok: boolean; detail: string };
export type Memory = { at: number; heap: number; rss: number };

/** The heap's low point after the warm-up may grow this much, plus a fixed allowance. */
const HEAP_GROWTH_ALLOWED = 1.3;
const HEAP_SLACK_BYTES = 16 * 1024 * 1024;
export const JUDGE_MEMORY_FROM_SECONDS = 60;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

export function summarise(outcomes: Outcome[], spanSeconds: number) {
  const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  return {
    requests: outcomes.length,
    perSecond: Math.round(outcomes.length / spanSeconds),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors: outcomes.filter((outcome) => !outcome.ok).length,
  };
}

export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The run's table by action, its totals, its memory and the server's exit, printed. */
export function printReport(figures: {
  byAction: Record<string, ReturnType<typeof summarise>>;
  overall: ReturnType<typeof summarise>;
  spanSeconds: number;
  heapAfterWarmUp: number;
  heapAtEnd: number;
  judged: boolean;
  memoryFlat: boolean;
  exitCode: number | null;
  errorLines: string[];
  rssMaxMb: number;
}) {
  const { byAction, overall, spanSeconds, heapAfterWarmUp, heapAtEnd, judged, memoryFlat } =
    figures;
  const { exitCode, errorLines } = figures;
  console.log("\n  by action        requests   req/s   p50 ms   p99 ms   errors");
  for (const [action, figures] of Object.entries(byAction)) {
    console.log(
      `  ${action.padEnd(16)} ${String(figures.requests).padStart(8)} ${String(figures.perSecond).padStart(7)} ${String(figures.p50).padStart(8)} ${String(figures.p99).padStart(8)} ${String(figures.errors).padStart(8)}`,
    );
  }
  console.log(
    `\n  all: ${overall.requests} requests in ${Math.round(spanSeconds)} s, ${overall.perSecond}/s, p50 ${overall.p50} ms, p99 ${overall.p99} ms, ${overall.errors} errors`,
  );
  console.log(
    `  memory: heap ${mb(heapAfterWarmUp)} MB after warm-up, ${mb(heapAtEnd)} MB at the end (low points); rss at most ${figures.rssMaxMb} MB; ${judged ? (memoryFlat ? "flat" : "GROWING") : `not judged under ${JUDGE_MEMORY_FROM_SECONDS} s`}`,
  );
  console.log(`  server: exited ${exitCode}, ${errorLines.length} error lines in its log`);
}

/** The heap's low points (after a collection) once warmed up, against the end: flat or growing. */
export function memoryVerdict(memory: readonly Memory[], spanSeconds: number, seconds: number) {
  const warmUp = Math.min(30, spanSeconds / 3);
  const lowIn = (from: number, to: number) =>
    Math.min(...memory.filter((s) => s.at >= from && s.at < to).map((s) => s.heap));
  const tail = Math.min(30, spanSeconds / 3);
  const heapAfterWarmUp = lowIn(warmUp, warmUp + tail);
  const heapAtEnd = lowIn(spanSeconds - tail, spanSeconds + 1);
  return {
    heapAfterWarmUp,
    heapAtEnd,
    judged: seconds >= JUDGE_MEMORY_FROM_SECONDS,
    memoryFlat: heapAtEnd <= heapAfterWarmUp * HEAP_GROWTH_ALLOWED + HEAP_SLACK_BYTES,
  };
}
