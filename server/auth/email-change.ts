import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { EMAIL_CHANGE_GONE, EMAIL_IN_USE } from "../../common/auth/account-messages";
import { customerActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { emailChangedEmail, emailChangeEmail, emailTakenEmail } from "../email/account-templates";
import { deliverQueuedEmailSoon } from "../email/mailer";
import { queueEmail } from "../email/outbox";
import { DomainError } from "../errors";
import { orders } from "../orders/schema";
import { emailBrand } from "../settings/shop-settings";
import type { Auth } from "./auth";
import { checkPassword } from "./delete-account";
import { linkTokenHash, newLinkToken } from "./link-tokens";
import { emailChanges, sessions, users } from "./schema";

// A customer changes the address they sign in with (docs/decisions/073-email-change-by-link.md):
// asked from their settings with their password, confirmed through a link sent to the new
// address, used once within a day. The change ends their sessions elsewhere and tells the old
// address. Staff change theirs the same way. An address is used only with its owner's word
// (docs/decisions/080-no-address-used-without-its-owner.md): asking for one that has an account
// is answered as if it were free, and that address's owner is told instead; a sign-up never
// confirmed for a day holds no address against someone who can read its mail.

const EMAIL_CHANGE_HOURS = 24;
/** A sign-up not confirmed within this long gives its address up to one who confirms it. */
const UNCONFIRMED_HOLDS_MS = 24 * 60 * 60 * 1000;

/**
 * Another account with the address: `stale` when it is a sign-up never confirmed, over a day
 * old, with no order, which the address's confirmed owner replaces.
 */
async function otherHolder(db: Database, email: string, userId: string, now: Date) {
  const [other] = await db
    .select({
      id: users.id,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      ordered: sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${users.id})`,
    })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  if (!other) return null;
  const stale =
    !other.emailVerified &&
    !other.ordered &&
    other.createdAt.getTime() < now.getTime() - UNCONFIRMED_HOLDS_MS;
  return { id: other.id, stale };
}

export async function requestEmailChange(
  auth: Auth,
  db: Database,
  userId: string,
  input: { newEmail: string; password: string },
  now = new Date(),
): Promise<void> {
  const newEmail = input.newEmail.trim().toLowerCase();
  await checkPassword(auth, userId, input.password);
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new DomainError("NOT_FOUND", "This account no longer exists.");
  if (newEmail === user.email) {
    throw new DomainError("BAD_REQUEST", "This is your email address already.", "newEmail");
  }
  const holder = await otherHolder(db, newEmail, userId, now);
  const { token, tokenHash } = newLinkToken();
  await db.transaction(async (tx) => {
    const brand = await emailBrand(tx);
    await recordAudit(tx, {
      actor: customerActor(userId),
      action: "user.email_change_asked",
      entity: { type: "user", id: userId },
    });
    if (holder && !holder.stale) {
      // The same answer as for a free address; the address's owner hears of it by email.
      await queueEmail(tx, "email-taken", emailTakenEmail(brand, newEmail));
      return;
    }
    // One open request per account: the newest one counts.
    await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)));
    await tx.insert(emailChanges).values({
      userId,
      newEmail,
      tokenHash,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_HOURS * 60 * 60 * 1000),
    });
    const url = `${brand.baseUrl}/confirm-email?${new URLSearchParams({ token })}`;
    await queueEmail(
      tx,
      "email-change",
      emailChangeEmail(brand, newEmail, { name: user.name, hours: EMAIL_CHANGE_HOURS }, url),
    );
  });
  deliverQueuedEmailSoon();
}

/** The open, unexpired change a link's token names: the address it changes to, or null. */
export async function emailChangeAtLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ newEmail: string } | null> {
  const [change] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, linkTokenHash(token)), isNull(emailChanges.confirmedAt)));
  return change && change.expiresAt > now ? { newEmail: change.newEmail } : null;
}

/**
 * Makes the change a link names: once, before it expires, while no other account has taken the
 * address. Every session of the account ends but `keepSession` (the browser confirming, when it
 * is signed in as the same account); the old address is told. Returns the new address and
 * whether the confirming browser stays signed in.
 */
export async function confirmEmailChange(
  db: Database,
  token: string,
  keepSession: string | null,
  now = new Date(),
): Promise<{ newEmail: string; signedIn: boolean }> {
  const done = await db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(
        and(eq(emailChanges.tokenHash, linkTokenHash(token)), isNull(emailChanges.confirmedAt)),
      )
      .for("update");
    if (!change || change.expiresAt <= now) throw new DomainError("NOT_FOUND", EMAIL_CHANGE_GONE);
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, change.userId))
      .for("update");
    if (!user) throw new DomainError("NOT_FOUND", EMAIL_CHANGE_GONE);
    const holder = await otherHolder(tx, change.newEmail, change.userId, now);
    if (holder && !holder.stale) throw new DomainError("CONFLICT", EMAIL_IN_USE);
    if (holder) {
      // Whoever confirms this link reads the address's mail; the sign-up never did.
      await tx.delete(users).where(eq(users.id, holder.id));
      await recordAudit(tx, {
        actor: customerActor(change.userId),
        action: "user.unconfirmed_sign_up_removed",
        entity: { type: "user", id: holder.id },
      });
    }
    await tx
      .update(users)
      .set({ email: change.newEmail, emailVerified: true })
      .where(eq(users.id, change.userId));
    await tx.update(emailChanges).set({ confirmedAt: now }).where(eq(emailChanges.id, change.id));
    const ended = await tx
      .delete(sessions)
      .where(
        keepSession
          ? and(eq(sessions.userId, change.userId), ne(sessions.token, keepSession))
          : eq(sessions.userId, change.userId),
      )
      .returning({ id: sessions.id });
    const [stillIn] = keepSession
      ? await tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.userId, change.userId), eq(sessions.token, keepSession)))
      : [];
    await queueEmail(
      tx,
      "email-changed",
      emailChangedEmail(await emailBrand(tx), user.email, {
        name: user.name,
        newEmail: change.newEmail,
      }),
    );
    // The addresses themselves stay out of the log (docs/architecture.md#data).
    await recordAudit(tx, {
      actor: customerActor(change.userId),
      action: "user.email_changed",
      entity: { type: "user", id: change.userId },
      after: { sessionsEnded: ended.length },
    });
    return { newEmail: change.newEmail, signedIn: stillIn !== undefined };
  });
  deliverQueuedEmailSoon();
  return done;
}
