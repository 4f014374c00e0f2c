import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { discountCodes } from "../discounts/schema";

// The demo shop's discount codes (docs/admin.md, Discounts), made once into a shop that has none:
// one of each kind, so a visitor can try them at checkout.
const demoCodes: (typeof discountCodes.$inferInsert)[] = [
  { code: "SMILE15", kind: "percent", percentOff: 15, perCustomerLimit: 1 },
  { code: "FIVEOFF", kind: "fixed", amountOffPence: 500, minSpendPence: 3000 },
  { code: "FREESHIP", kind: "free_delivery" },
];

export async function seedDemoCodes(db: Database): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(discountCodes);
  if ((existing?.count ?? 0) > 0) return 0;
  await db.insert(discountCodes).values(demoCodes);
  return demoCodes.length;
}
