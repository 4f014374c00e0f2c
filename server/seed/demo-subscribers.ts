import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { NEWSLETTER_CONSENT } from "../../common/newsletter/newsletter";
import { users } from "../auth/schema";
import type { Database } from "../db/database";
import { newsletterSubscribers } from "../newsletter/schema";

// The demo shop's newsletter list (docs/admin.md, Newsletter), made once into a shop that has
// none: a third of the demo shoppers confirmed a sign-up a few days after joining, so the
// Customers screen's marketing column and the list have something true to show.

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoSubscribers(db: Database): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterSubscribers);
  if ((existing?.count ?? 0) > 0) return 0;
  const customers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.role} = 'customer'`)
    .orderBy(users.email);
  const chosen = customers.filter((_, index) => index % 3 === 0);
  if (chosen.length === 0) return 0;
  const now = Date.now();
  await db.insert(newsletterSubscribers).values(
    chosen.map((customer, index) => {
      const signedUpAt = new Date(now - (index + 3) * DAY_MS);
      return {
        email: customer.email.toLowerCase(),
        token: randomBytes(24).toString("base64url"),
        status: "subscribed" as const,
        userId: customer.id,
        sourcePage: index % 2 === 0 ? "/" : "/store",
        consentText: NEWSLETTER_CONSENT,
        signedUpAt,
        confirmedAt: new Date(signedUpAt.getTime() + 10 * 60 * 1000),
      };
    }),
  );
  return chosen.length;
}
