import { randomUUID } from "node:crypto";
import { and, asc, eq, getTableColumns, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { WithSubqueryWithSelection } from "drizzle-orm/pg-core";
import { notEnoughStockMessage } from "../../common/cart/cart-rules";
import type { Actor } from "../audit/audit-log";
import { productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { orderItems } from "../orders/schema";
import { type StockMovementKind, stockMovements } from "./schema";
import { purgeWhereStockShows } from "./stock-purges";
import { stockReturned } from "./stock-returns";

// The one writer of variants' stock (docs/architecture.md#stock). Every change is a conditional update of the
// variant's row and a movement recorded in the same transaction (the caller's), so a variant's
// stock is always the sum of its movements and never below zero.

const VARIANT_NOT_FOUND = "This product variant no longer exists.";

type Tx = Database;

type Movement = {
  variantId: string;
  kind: StockMovementKind;
  quantityChange: number;
  stockAfter: number;
  orderId?: string | null;
  actor: Actor;
  reason?: string | null;
};

async function recordMovement(tx: Tx, movement: Movement): Promise<void> {
  await purgeWhereStockShows(tx, [movement]);
  await stockReturned(tx, [{ variantId: movement.variantId, units: movement.quantityChange }]);
  await tx.insert(stockMovements).values({
    variantId: movement.variantId,
    kind: movement.kind,
    quantityChange: movement.quantityChange,
    stockAfter: movement.stockAfter,
    orderId: movement.orderId ?? null,
    actorType: movement.actor.type,
    actorId: movement.actor.id,
    reason: movement.reason ?? null,
  });
}

/** Adds `change` units (negative takes them away); null when the variant is gone. */
async function applyChange(tx: Tx, variantId: string, change: number): Promise<number | null> {
  const [row] = await tx
    .update(productVariants)
    .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${change}` })
    .where(eq(productVariants.id, variantId))
    .returning({ stockQuantity: productVariants.stockQuantity });
  return row ? row.stockQuantity : null;
}

export type ReservedLine = { variantId: string; quantity: number; productName: string };

/**
 * The select that writes a movement from the row a conditional update left (`taken`, its stock
 * after) in the same statement: every column of stock_movements, in the table's order.
 */
function movementFrom(
  taken: WithSubqueryWithSelection<
    { stockQuantity: typeof productVariants.stockQuantity },
    "taken"
  >,
  movement: Omit<Movement, "stockAfter">,
): SQL {
  const values: Record<keyof typeof stockMovements.$inferInsert, SQL> = {
    id: sql`${randomUUID()}`,
    variantId: sql`${movement.variantId}`,
    kind: sql`${movement.kind}`,
    quantityChange: sql`${movement.quantityChange}::int`,
    stockAfter: sql`${taken.stockQuantity}`,
    orderId: sql`${movement.orderId ?? null}::text`,
    actorType: sql`${movement.actor.type}`,
    actorId: sql`${movement.actor.id}`,
    reason: sql`${movement.reason ?? null}::text`,
    createdAt: sql`clock_timestamp()`,
  };
  const columns = Object.keys(getTableColumns(stockMovements)) as (keyof typeof values)[];
  return sql`select ${sql.join(
    columns.map((column) => values[column]),
    sql`, `,
  )} from ${taken}`;
}

/**
 * Takes an order's units at checkout, all or nothing: a line short of stock throws the spec's
 * `Not enough stock for {name}. Only {n} left.` and the caller's transaction undoes the rest.
 * Lines are taken in variant-id order, so two checkouts never wait on each other in a circle;
 * each line is one statement, the conditional update and its movement together, so concurrent
 * checkouts queue on the row and each sees the stock the one before it left. The caller runs this
 * last before its commit: the variant's row stays locked only from here to there.
 */
export async function reserveStock(
  tx: Tx,
  order: { orderId: string; lines: ReservedLine[]; actor: Actor },
): Promise<void> {
  const lines = [...order.lines].sort((a, b) => a.variantId.localeCompare(b.variantId));
  const moved: Movement[] = [];
  for (const line of lines) {
    const taken = tx.$with("taken").as(
      tx
        .update(productVariants)
        .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${line.quantity}` })
        .where(
          and(
            eq(productVariants.id, line.variantId),
            gte(productVariants.stockQuantity, line.quantity),
          ),
        )
        .returning({ stockQuantity: productVariants.stockQuantity }),
    );
    const movement = {
      variantId: line.variantId,
      kind: "sale" as const,
      quantityChange: -line.quantity,
      orderId: order.orderId,
      actor: order.actor,
    };
    const [reserved] = await tx
      .with(taken)
      .insert(stockMovements)
      .select(movementFrom(taken, movement))
      .returning({ stockAfter: stockMovements.stockAfter });
    if (!reserved) {
      const [current] = await tx
        .select({ stockQuantity: productVariants.stockQuantity })
        .from(productVariants)
        .where(eq(productVariants.id, line.variantId));
      throw new DomainError(
        "OUT_OF_STOCK",
        notEnoughStockMessage(line.productName, current?.stockQuantity ?? 0),
      );
    }
    moved.push({ ...movement, stockAfter: reserved.stockAfter });
  }
  await purgeWhereStockShows(tx, moved);
}

/** Units of one variant to put back on sale. */
export type RestockLine = { variantId: string; quantity: number };

/**
 * The units of each variant an order took that have not been put back yet (released or
 * restocked): never more than this goes back, however many refunds ask.
 */
export async function unitsStillOut(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const [taken, back] = await Promise.all([
    tx
      .select({
        variantId: orderItems.variantId,
        quantity: sql<number>`sum(${orderItems.quantity})::int`,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .groupBy(orderItems.variantId)
      .orderBy(asc(orderItems.variantId)),
    tx
      .select({
        variantId: stockMovements.variantId,
        quantity: sql<number>`sum(${stockMovements.quantityChange})::int`,
      })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.orderId, orderId),
          inArray(stockMovements.kind, ["release", "restock"]),
        ),
      )
      .groupBy(stockMovements.variantId),
  ]);
  const returned = new Map(back.map((row) => [row.variantId, row.quantity]));
  return new Map(
    taken.map((row) => [
      row.variantId,
      Math.max(0, row.quantity - (returned.get(row.variantId) ?? 0)),
    ]),
  );
}

/**
 * Gives back what a cancelled order held: its items' units still out, to each variant that still
 * exists (a variant deleted since has no stock to return to).
 */
export function releaseOrderStock(
  tx: Tx,
  order: { orderId: string; actor: Actor; reason: string | null },
): Promise<void> {
  return putBackOrderStock(tx, order, "release", "all");
}

/**
 * A refunded order's goods came back and go on sale again, as restocks: the units named, or
 * all still out; never more of a variant than the order took and has not put back already.
 */
export function restockOrder(
  tx: Tx,
  order: { orderId: string; actor: Actor; reason: string | null },
  lines: readonly RestockLine[] | "all",
): Promise<void> {
  return putBackOrderStock(tx, order, "restock", lines);
}

async function putBackOrderStock(
  tx: Tx,
  order: { orderId: string; actor: Actor; reason: string | null },
  kind: "release" | "restock",
  lines: readonly RestockLine[] | "all",
): Promise<void> {
  const out = await unitsStillOut(tx, order.orderId);
  const wanted =
    lines === "all" ? out : new Map(lines.map((line) => [line.variantId, line.quantity]));
  for (const [variantId, still] of out) {
    const quantity = Math.min(wanted.get(variantId) ?? 0, still);
    if (quantity <= 0) continue;
    const stockAfter = await applyChange(tx, variantId, quantity);
    if (stockAfter === null) continue;
    await recordMovement(tx, {
      variantId,
      kind,
      quantityChange: quantity,
      stockAfter,
      orderId: order.orderId,
      actor: order.actor,
      reason: order.reason,
    });
  }
}

/** Goods received: a new variant's starting stock, a delivery, a return put back on sale. */
export async function restock(
  tx: Tx,
  input: { variantId: string; quantity: number; actor: Actor; reason: string },
): Promise<number> {
  if (!Number.isInteger(input.quantity) || input.quantity <= 0) {
    throw new DomainError("BAD_REQUEST", "Restock a whole number of units, at least 1.");
  }
  const stockAfter = await applyChange(tx, input.variantId, input.quantity);
  if (stockAfter === null) throw new DomainError("NOT_FOUND", VARIANT_NOT_FOUND);
  await recordMovement(tx, {
    ...input,
    kind: "restock",
    quantityChange: input.quantity,
    stockAfter,
  });
  return stockAfter;
}

/**
 * Goods received for many variants at once (a bulk import, the scale seed): one statement for the
 * stock and one for the movements, each variant's movement as `restock` would record it.
 */
export async function restockMany(
  tx: Tx,
  input: { lines: Array<{ variantId: string; quantity: number }>; actor: Actor; reason: string },
): Promise<void> {
  const lines = input.lines.filter((line) => line.quantity !== 0);
  if (lines.length === 0) return;
  if (lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 0)) {
    throw new DomainError("BAD_REQUEST", "Restock a whole number of units, at least 1.");
  }
  const values = sql.join(
    lines.map((line) => sql`(${line.variantId}::text, ${line.quantity}::int)`),
    sql`, `,
  );
  const rows = await tx
    .update(productVariants)
    .set({ stockQuantity: sql`${productVariants.stockQuantity} + received.quantity` })
    .from(sql`(values ${values}) as received(id, quantity)`)
    .where(sql`${productVariants.id} = received.id`)
    .returning({
      id: productVariants.id,
      stockAfter: productVariants.stockQuantity,
      quantity: sql<number>`received.quantity`.mapWith(Number),
    });
  if (rows.length !== lines.length) throw new DomainError("NOT_FOUND", VARIANT_NOT_FOUND);
  await purgeWhereStockShows(
    tx,
    rows.map((row) => ({
      variantId: row.id,
      quantityChange: row.quantity,
      stockAfter: row.stockAfter,
    })),
  );
  await stockReturned(
    tx,
    rows.map((row) => ({ variantId: row.id, units: row.quantity })),
  );
  await tx.insert(stockMovements).values(
    rows.map((row) => ({
      variantId: row.id,
      kind: "restock" as const,
      quantityChange: row.quantity,
      stockAfter: row.stockAfter,
      actorType: input.actor.type,
      actorId: input.actor.id,
      reason: input.reason,
    })),
  );
}

/** Sets a variant's stock to what a count found; the difference is recorded with its reason. */
export async function adjustStock(
  tx: Tx,
  input: { variantId: string; counted: number; actor: Actor; reason: string },
): Promise<number> {
  if (!Number.isInteger(input.counted) || input.counted < 0) {
    throw new DomainError("BAD_REQUEST", "Stock is a whole number of units, 0 or more.");
  }
  if (input.reason.trim() === "") {
    throw new DomainError("BAD_REQUEST", "Say why the stock is being adjusted.");
  }
  const [current] = await tx
    .select({ stockQuantity: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.id, input.variantId))
    .for("update");
  if (!current) throw new DomainError("NOT_FOUND", VARIANT_NOT_FOUND);
  const change = input.counted - current.stockQuantity;
  if (change === 0) return current.stockQuantity;
  const stockAfter = await applyChange(tx, input.variantId, change);
  if (stockAfter === null) throw new DomainError("NOT_FOUND", VARIANT_NOT_FOUND);
  await recordMovement(tx, {
    variantId: input.variantId,
    kind: "adjustment",
    quantityChange: change,
    stockAfter,
    actor: input.actor,
    reason: input.reason,
  });
  return stockAfter;
}

/**
 * Variants whose stock is not the sum of their movements: none, unless something wrote the stock
 * behind this module's back. For operations checks and tests.
 */
export async function findStockDiscrepancies(
  db: Database,
): Promise<{ variantId: string; stock: number; movementsTotal: number }[]> {
  const totals = db
    .select({
      variantId: stockMovements.variantId,
      total: sql<number>`sum(${stockMovements.quantityChange})::int`.as("total"),
    })
    .from(stockMovements)
    .groupBy(stockMovements.variantId)
    .as("totals");
  const rows = await db
    .select({
      variantId: productVariants.id,
      stock: productVariants.stockQuantity,
      movementsTotal: sql<number>`coalesce(${totals.total}, 0)::int`,
    })
    .from(productVariants)
    .leftJoin(totals, eq(totals.variantId, productVariants.id))
    .where(sql`${productVariants.stockQuantity} <> coalesce(${totals.total}, 0)`)
    .orderBy(asc(productVariants.id));
  return rows;
}
