import { randomBytes } from "node:crypto";
import { type AnyColumn, and, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { NEWSLETTER_CONSENT } from "../../common/newsletter/newsletter";
import { users } from "../auth/schema";
import type { Database } from "../db/database";
import { newsletterConfirmationEmail, newsletterWelcomeEmail } from "../email/newsletter-templates";
import { queueEmail } from "../email/outbox";
import type { EmailKind } from "../email/schema";
import type { OutgoingEmail } from "../email/transport";
import { DomainError } from "../errors";
import { countAttempt } from "../rate-limit/attempt-counter";
import type { Brand } from "../settings/shop-settings";
import {
  campaignDeliveries,
  type SubscriberStatus,
  newsletterSubscribers as subscribers,
} from "./schema";

// The newsletter's list with double opt-in (decision record 045): an address given in the footer
// is kept `pending` and sent a link; only its owner's click makes it `subscribed`. Every answer to
// a sign-up is the same whatever the list held (a stranger learns nothing of who subscribes), and
// sign-ups are counted per client address and per mailbox so the form cannot be used to flood an
// inbox. Every marketing email carries the subscriber's own unsubscribe link and the
// List-Unsubscribe headers (RFC 2369, RFC 8058) that mail apps turn into one button.

const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;
/** Sign-ups from one client address in an hour. */
const SIGN_UPS_PER_ADDRESS = 10;
/** Confirmation emails one mailbox gets in an hour, however often it is typed. */
const SIGN_UPS_PER_MAILBOX = 3;

const TOO_MANY_SIGN_UPS = "Too many sign-ups from here. Please try again later.";

const newToken = () => randomBytes(24).toString("base64url");

/** The links a subscriber's emails carry. */
export function newsletterLinks(brand: Brand, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    confirm: `${brand.baseUrl}/newsletter/confirm?${query}`,
    unsubscribe: `${brand.baseUrl}/newsletter/unsubscribe?${query}`,
    /** RFC 8058's one-click address: a POST from the mail app, no page, no cookie. */
    oneClick: `${brand.baseUrl}/api/newsletter/unsubscribe?${query}`,
  };
}

/** Queues a marketing email to a subscriber, with their unsubscribe link's headers. */
export function queueMarketingEmail(
  tx: Database,
  brand: Brand,
  token: string,
  message: OutgoingEmail,
  kind: Extract<EmailKind, "newsletter" | "checkout-reminder"> = "newsletter",
): Promise<string> {
  const links = newsletterLinks(brand, token);
  return queueEmail(tx, kind, {
    ...message,
    headers: {
      "List-Unsubscribe": `<${links.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

/**
 * The mailbox an address reaches: "ada+news@example.com" is Ada's "ada@example.com" (the `+tag`
 * most mail services deliver to the same inbox), so the per-mailbox limit is not multiplied by
 * tags. Only the limit reads it; the address is kept as typed.
 */
function mailboxOf(email: string): string {
  return email.replace(/\+[^@]*@/, "@");
}

/**
 * An address given at the footer's form. New, or unsubscribed before: kept `pending` and sent the
 * confirmation link. Pending still: the link is sent again. Subscribed already: nothing happens.
 * The caller answers the same in every case.
 */
export async function signUp(
  db: Database,
  brand: Brand,
  input: { email: string; sourcePage: string; clientAddress: string | null },
  now = new Date(),
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const byAddress = input.clientAddress
    ? await countAttempt(
        db,
        `newsletter:address:${input.clientAddress}`,
        SIGN_UP_WINDOW_MS,
        now.getTime(),
      )
    : 0;
  if (byAddress > SIGN_UPS_PER_ADDRESS) throw new DomainError("RATE_LIMITED", TOO_MANY_SIGN_UPS);
  const byMailbox = await countAttempt(
    db,
    `newsletter:mailbox:${mailboxOf(email)}`,
    SIGN_UP_WINDOW_MS,
    now.getTime(),
  );
  // Past the mailbox's limit the sign-up is answered as any other, and no email goes.
  if (byMailbox > SIGN_UPS_PER_MAILBOX) return;
  await db.transaction(async (tx) => {
    const consent = {
      sourcePage: input.sourcePage,
      consentText: NEWSLETTER_CONSENT,
      signedUpAt: now,
    };
    // One statement whoever races: a new row, or the existing one taken for this sign-up.
    const [inserted] = await tx
      .insert(subscribers)
      .values({ email, token: newToken(), status: "pending", ...consent })
      .onConflictDoNothing({ target: subscribers.email })
      .returning();
    let row = inserted;
    if (!row) {
      const [existing] = await tx
        .select()
        .from(subscribers)
        .where(eq(subscribers.email, email))
        .for("update");
      if (!existing || existing.status === "subscribed") return;
      [row] = await tx
        .update(subscribers)
        .set({
          ...consent,
          status: "pending",
          // A new key after an unsubscribe: an old link never signs the address up again.
          ...(existing.status === "unsubscribed"
            ? { token: newToken(), unsubscribedAt: null }
            : {}),
        })
        .where(eq(subscribers.id, existing.id))
        .returning();
    }
    if (!row) return;
    await queueEmail(
      tx,
      "newsletter-confirmation",
      newsletterConfirmationEmail(brand, email, newsletterLinks(brand, row.token).confirm),
    );
  });
}

export type SubscriberView = { email: string; status: SubscriberStatus };

/** What a link's token points at, for its page; null for a token the list does not hold. */
export async function subscriberByToken(
  db: Database,
  token: string,
): Promise<SubscriberView | null> {
  const [row] = await db
    .select({ email: subscribers.email, status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.token, token));
  return row ?? null;
}

/**
 * The owner confirmed by the emailed link: `subscribed` from now, linked to their account if one
 * has the address, and welcomed (the first marketing email, with its unsubscribe link). A link
 * used twice changes nothing; one from before an unsubscribe does not sign anyone up.
 */
export async function confirmSubscription(
  db: Database,
  brand: Brand,
  token: string,
  now = new Date(),
): Promise<SubscriberView | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscribers)
      .where(eq(subscribers.token, token))
      .for("update");
    if (!row) return null;
    if (row.status !== "pending") return { email: row.email, status: row.status };
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, row.email));
    await tx
      .update(subscribers)
      .set({ status: "subscribed", confirmedAt: now, userId: account?.id ?? null })
      .where(eq(subscribers.id, row.id));
    await queueMarketingEmail(
      tx,
      brand,
      row.token,
      newsletterWelcomeEmail(brand, row.email, newsletterLinks(brand, row.token).unsubscribe),
    );
    return { email: row.email, status: "subscribed" };
  });
}

/** Unsubscribes the link's owner at once, whatever they were; again changes nothing. */
export async function unsubscribe(
  db: Database,
  token: string,
  now = new Date(),
): Promise<SubscriberView | null> {
  const [changed] = await db
    .update(subscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now })
    .where(and(eq(subscribers.token, token), ne(subscribers.status, "unsubscribed")))
    .returning({ email: subscribers.email, status: subscribers.status });
  return changed ?? subscriberByToken(db, token);
}

/**
 * Forgets the subscription of an account being deleted: the row of its id and of its address go,
 * and the record of which campaigns reached that address (server/auth/delete-account.ts), in the
 * caller's transaction.
 */
export async function forgetSubscriber(tx: Database, account: { id: string; email: string }) {
  await tx
    .delete(subscribers)
    .where(
      or(eq(subscribers.userId, account.id), eq(subscribers.email, account.email.toLowerCase())),
    );
  await tx
    .delete(campaignDeliveries)
    .where(eq(campaignDeliveries.email, account.email.toLowerCase()));
}

/** The key of an address's confirmed subscription: who may be sent marketing; null for none. */
export async function marketingTokenFor(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ token: subscribers.token })
    .from(subscribers)
    .where(and(eq(subscribers.email, email.toLowerCase()), eq(subscribers.status, "subscribed")));
  return row?.token ?? null;
}

export const SUBSCRIBERS_PAGE_SIZE = 50;

export type SubscriberRow = {
  email: string;
  status: SubscriberStatus;
  signedUpAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  sourcePage: string;
};

const statusIs = (status: SubscriberStatus | ""): SQL | undefined =>
  status ? eq(subscribers.status, status) : undefined;

/** The admin's list: newest sign-up first, a page at a time, and how many in all. */
export async function listSubscribers(
  db: Database,
  query: { status: SubscriberStatus | ""; page: number },
  pageSize = SUBSCRIBERS_PAGE_SIZE,
): Promise<{ subscribers: SubscriberRow[]; total: number }> {
  const where = statusIs(query.status);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        email: subscribers.email,
        status: subscribers.status,
        signedUpAt: subscribers.signedUpAt,
        confirmedAt: subscribers.confirmedAt,
        unsubscribedAt: subscribers.unsubscribedAt,
        sourcePage: subscribers.sourcePage,
      })
      .from(subscribers)
      .where(where)
      .orderBy(desc(subscribers.signedUpAt), desc(subscribers.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(subscribers).where(where),
  ]);
  return { subscribers: rows, total: counted?.total ?? 0 };
}

const CSV_HEADER = [
  "Email",
  "Status",
  "Signed up",
  "Confirmed",
  "Unsubscribed",
  "Page",
  "Consent",
].join(",");

/** A moment as the CSV says it: London's time, to the minute; empty for none. */
const csvTime = (column: AnyColumn) =>
  sql`coalesce(to_char(${column} at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI'), '')`;

/**
 * Every subscriber of a status as CSV, with the proof of consent beside each address. Each text
 * cell is made inert and quoted by the database's csv_cell (migration 0011), as the orders' CSV:
 * an address or page that starts with `=`, `+`, `-` or `@` never runs as a formula.
 */
export async function subscribersCsv(db: Database, status: SubscriberStatus | ""): Promise<string> {
  const rows = await db
    .select({
      line: sql<string>`concat_ws(',', ${sql.join(
        [
          sql`csv_cell(${subscribers.email})`,
          sql`${subscribers.status}::text`,
          csvTime(subscribers.signedUpAt),
          csvTime(subscribers.confirmedAt),
          csvTime(subscribers.unsubscribedAt),
          sql`csv_cell(${subscribers.sourcePage})`,
          sql`csv_cell(${subscribers.consentText})`,
        ],
        sql`, `,
      )})`,
    })
    .from(subscribers)
    .where(statusIs(status))
    .orderBy(desc(subscribers.signedUpAt), desc(subscribers.id));
  return `${[CSV_HEADER, ...rows.map((row) => row.line)].join("\r\n")}\r\n`;
}
