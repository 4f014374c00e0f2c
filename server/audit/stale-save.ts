import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { auditLog } from "./schema";

// One rule for every admin editor (products, discount codes, delivery methods, categories, the
// settings): a record goes up one version with each save, and a save made from a version it has
// moved on from is refused with 409, naming what the saves since changed, instead of silently
// undoing another admin's work. What changed is read from the audit rows, which record the
// version each save made.

/** The version an editor's save was made from (an edit's only): checked by refuseStaleSave. */
export const openedVersion = z.number().int().min(1).optional();

/**
 * The version of a record an editor's form opened (a hidden field, on an edit only): the editor
 * refuses the save if the record has moved on since (below).
 */
export const openedVersionField = z
  .string()
  .regex(/^\d{1,9}$/, "Reload the page and try again.")
  .transform(Number)
  .optional();

/**
 * What a save of a record that names no version is told (409, naming the field): an editor's form
 * always says which version it opened, so one without it is not the editor's, and writing it
 * would overwrite whatever was saved since.
 */
export const VERSION_MISSING =
  "This save does not say which version it was made from (version): reload the page and try again.";

/**
 * Refuses a save made from `opened` when the record is at `current`: "This product changed since
 * you opened it (its name, price). Reload it to see the changes, then make yours again." A save
 * that names no version is refused too (VERSION_MISSING).
 */
export async function refuseStaleSave(
  tx: Database,
  record: {
    entity: { type: string; id: string };
    /** What the admin calls the record: "product", "discount code", "settings". */
    noun: string;
    /** A plural noun ("settings"): "These settings … opened them (their …)". */
    plural?: boolean;
    current: number;
    opened: number | undefined;
    /** The admin's words for each field an audit row may name; others are not named. */
    labels: Readonly<Record<string, string>>;
  },
): Promise<void> {
  if (record.opened === undefined) throw new DomainError("CONFLICT", VERSION_MISSING, "version");
  if (record.opened === record.current) return;
  const saves = await tx
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, record.entity.type),
        eq(auditLog.entityId, record.entity.id),
        sql`(${auditLog.after}->>'version')::int > ${record.opened}`,
      ),
    );
  const changed = [
    ...new Set(
      saves.flatMap((save) =>
        Object.keys((save.after as Record<string, unknown> | null) ?? {}).flatMap(
          (key) => record.labels[key] ?? [],
        ),
      ),
    ),
  ];
  const [these, them, their] = record.plural ? ["These", "them", "their"] : ["This", "it", "its"];
  throw new DomainError(
    "CONFLICT",
    `${these} ${record.noun} changed since you opened ${them}${changed.length > 0 ? ` (${their} ${changed.join(", ")})` : ""}. Reload ${them} to see the changes, then make yours again.`,
  );
}
