import { and, desc, eq, notInArray } from "drizzle-orm";
import type { SavedAddress, UkAddress } from "../../common/customers/uk-address";
import { rememberPhone } from "../auth/profile";
import type { Database } from "../db/database";
import { addresses } from "./schema";

// The customer's address book (docs/storefront.md, Checkout): the addresses they checked out with,
// offered the next time, newest use first. A few at most: an older one gives way to a new one.

export const ADDRESS_BOOK_SIZE = 5;

/** The customer's saved addresses, the most recently used first. */
export async function savedAddresses(db: Database, userId: string): Promise<SavedAddress[]> {
  return db
    .select({
      id: addresses.id,
      line1: addresses.line1,
      line2: addresses.line2,
      town: addresses.town,
      postcode: addresses.postcode,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.lastUsedAt), desc(addresses.id))
    .limit(ADDRESS_BOOK_SIZE);
}

/**
 * Keeps what the customer checked out with for next time, in the checkout's transaction: the
 * address (the same first line and postcode is one entry, moved to the top) and the phone.
 */
export async function rememberDelivery(
  db: Database,
  userId: string,
  details: { address?: UkAddress; phone: string },
  now: Date = new Date(),
): Promise<void> {
  await rememberPhone(db, userId, details.phone);
  const address = details.address;
  if (!address) return;
  await db
    .insert(addresses)
    .values({ userId, ...address, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [addresses.userId, addresses.line1, addresses.postcode],
      set: { line2: address.line2, town: address.town, lastUsedAt: now },
    });
  // Only the newest few stay.
  const kept = await savedAddresses(db, userId);
  if (kept.length < ADDRESS_BOOK_SIZE) return;
  await db.delete(addresses).where(
    and(
      eq(addresses.userId, userId),
      notInArray(
        addresses.id,
        kept.map((row) => row.id),
      ),
    ),
  );
}

/** Takes an address out of the customer's book (their own only). */
export async function forgetAddress(db: Database, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
    .returning({ id: addresses.id });
  return gone.length > 0;
}
