import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchServers } from "./scratch-server";
import { type ColumnGrant, foreignWrites, tableOwners } from "./table-owners";

const serverDir = join(import.meta.dirname, "..", "server");

/**
 * What may write outside its domain (docs/decisions/061-a-domain-in-one-place.md): the demo seed,
 * which fills every table as a fixture does, and the stock domain's count, kept on the catalog's
 * variant row so that one conditional update sells a unit.
 */
const EXEMPT = ["seed"] as const;
const GRANTS: ColumnGrant[] = [
  { domain: "stock", table: "product_variants", columns: ["stockQuantity"] },
];

/** A template literal's placeholder, as the code under test writes it: `${name}`. */
const slot = (name: string) => ["$", "{", name, "}"].join("");

const server = scratchServers("gleam-owners-");

describe("each table is written by its owning domain only (docs/architecture.md#domains)", () => {
  it("holds for the shop's code", () => {
    const owners = tableOwners(serverDir);
    expect(owners.byTable.size).toBeGreaterThan(30);
    expect(foreignWrites(serverDir, { exempt: EXEMPT, grants: GRANTS })).toEqual([]);
  });

  // The probe: each way of writing another domain's table is found; reading one, a sentence in a
  // comment, the owner's own writes, the exempt domain and a granted column are not.
  it("finds a write by a domain that does not own the table", () => {
    const dir = server({
      "orders/schema.ts":
        'export const orders = pgTable("orders", {});\nexport const orderItems = pgTable(\n  "order_items",\n  {},\n);\n',
      "catalog/schema.ts": 'export const productVariants = pgTable("product_variants", {});\n',
      "orders/order-state.ts":
        "await tx.update(orders).set({ status });\nawait tx.insert(orderItems).values([]);\n",
      "newsletter/reminder.ts":
        "// we never update orders here\nawait tx.select().from(orders);\nawait tx.update(orders).set({ sent: now });\n",
      "payments/refunds.ts":
        "import { orders as order } from '../orders/schema';\nawait tx.delete(order).where(x);\n",
      "email/raw.ts": "await db.execute(sql`update order_items set quantity = 1`);\n",
      "email/interpolated.ts": `await db.execute(sql\`delete from ${slot("orders")} where id = 1\`);\n`,
      "seed/demo.ts": "await db.insert(orders).values([]);\n",
      "stock/stock.ts": `await tx.update(productVariants).set({ stockQuantity: sql\`stock_quantity - ${slot("n")}\` });\n`,
      "stock/greedy.ts": "await tx.update(productVariants).set({ stockQuantity: 1, priceP: 2 });\n",
      "stock/creator.ts": "await tx.insert(productVariants).values({});\n",
    });
    expect(foreignWrites(dir, { exempt: EXEMPT, grants: GRANTS }).sort()).toEqual([
      "email/interpolated.ts writes orders (orders)",
      "email/raw.ts writes order_items (orders)",
      "newsletter/reminder.ts writes orders (orders)",
      "payments/refunds.ts writes orders (orders)",
      "stock/creator.ts writes product_variants (catalog)",
      "stock/greedy.ts writes product_variants (catalog)",
    ]);
  });
});
