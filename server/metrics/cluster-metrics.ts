import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { registry } from "./metrics";

// With several workers (server/start/workers.ts) a scrape reaches one of them, which asks the
// primary; the primary collects every worker's figures (prom-client's AggregatorRegistry, over
// the cluster's IPC channel) and answers with their sum. Without workers, the process answers.

const ASK = "gleam:metrics-request";
const ANSWER = "gleam:metrics-answer";
const ASK_TIMEOUT_MS = 5_000;

type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

let asked = 0;
const waiting = new Map<number, (answer: Answer) => void>();

/** Registers this worker's figures with the primary's collection. Call once in each worker. */
export function offerMetricsToPrimary(): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds prom-client's answer to the primary's requests in this worker.
  new AggregatorRegistry();
  process.on("message", (message: Answer) => {
    if (message?.type !== ANSWER) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
}

/** The primary: answers a worker asking for every worker's figures. */
export function collectWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK || typeof message.id !== "number") return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: unknown) => worker.send({ type: ANSWER, id, error: String(error) } satisfies Answer),
    );
  });
}

/** The figures in Prometheus' text format: every worker's, added up, or this process's. */
export async function shopMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = ++asked;
  const answer = await new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the primary did not answer with the workers' metrics"));
    }, ASK_TIMEOUT_MS);
    waiting.set(id, (message) => {
      clearTimeout(timer);
      resolve(message);
    });
    process.send?.({ type: ASK, id });
  });
  if (answer.error !== undefined || answer.text === undefined) {
    throw new Error(answer.error ?? "no metrics in the primary's answer");
  }
  return answer.text;
}
