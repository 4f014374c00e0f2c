import { randomUUID } from "node:crypto";
import { and, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { enqueueJob } from "../jobs/job-queue";
import { stockAlerts } from "../stock-alerts/schema";

// Stock that comes back is news for those waiting for it (back-in-stock alerts,
// docs/decisions/064): the stock domain reads who waits and queues the job; it knows nothing of
// the emails.

/**
 * Units came back to variants: in the movement's transaction, a `notify-stock-alerts` job for
 * each variant someone waits for (server/stock-alerts/ handles it), one per return with its own
 * units.
 */
export async function stockReturned(
  tx: Database,
  returns: ReadonlyArray<{ variantId: string; units: number }>,
): Promise<void> {
  const back = returns.filter((line) => line.units > 0);
  if (back.length === 0) return;
  const waiting = await tx
    .selectDistinct({ variantId: stockAlerts.variantId })
    .from(stockAlerts)
    .where(
      and(
        inArray(
          stockAlerts.variantId,
          back.map((line) => line.variantId),
        ),
        isNull(stockAlerts.notifiedAt),
      ),
    );
  const awaited = new Set(waiting.map((row) => row.variantId));
  for (const line of back) {
    if (!awaited.has(line.variantId)) continue;
    await enqueueJob(tx, {
      kind: "notify-stock-alerts",
      subjectId: randomUUID(),
      payload: { variantId: line.variantId, units: String(line.units) },
    });
  }
}
