import { and, asc, eq, isNull } from "drizzle-orm";
import { INVITE_GONE } from "../../common/auth/account-messages";
import { type StaffRole, staffRoleLabels } from "../../common/auth/staff-access";
import { adminActor, customerActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { staffInviteEmail } from "../email/account-templates";
import { deliverQueuedEmailSoon } from "../email/mailer";
import { queueEmail } from "../email/outbox";
import { DomainError } from "../errors";
import { emailBrand } from "../settings/shop-settings";
import { linkTokenHash, newLinkToken } from "./link-tokens";
import { staffInvites, users } from "./schema";

// An owner's invitations to join the staff (docs/decisions/072-staff-invites-by-emailed-link.md):
// sent by email with a role, accepted once through the link before it expires, by setting a
// password or with the account the address already has; resent with a new link, or withdrawn.
// Every step is in the audit log, in the transaction that makes it.

const INVITE_DAYS = 7;

/** An invitation as the owner's staff list shows it. */
export type PendingInvite = {
  id: string;
  email: string;
  staffRole: StaffRole;
  expiresAt: Date;
  expired: boolean;
};

/** What the invitation's page needs to know of the link it was opened with. */
export type InviteAtLink = {
  id: string;
  email: string;
  staffRole: StaffRole;
  /** Whether an account uses the address: then it joins by logging in, else it sets a password. */
  accountExists: boolean;
};

const expiryFrom = (now: Date) => new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000);

async function queueInviteEmail(
  tx: Database,
  invite: { email: string; staffRole: StaffRole; invitedBy: string },
  token: string,
) {
  const brand = await emailBrand(tx);
  const url = `${brand.baseUrl}/staff-invite?${new URLSearchParams({ token })}`;
  const role = staffRoleLabels[invite.staffRole];
  await queueEmail(
    tx,
    "staff-invite",
    staffInviteEmail(
      brand,
      invite.email,
      { role, invitedBy: invite.invitedBy, days: INVITE_DAYS },
      url,
    ),
  );
}

async function ownerName(tx: Database, ownerId: string): Promise<string> {
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, ownerId));
  return owner?.name ?? "The shop's owner";
}

export function listPendingInvites(db: Database, now = new Date()): Promise<PendingInvite[]> {
  return db
    .select({
      id: staffInvites.id,
      email: staffInvites.email,
      staffRole: staffInvites.staffRole,
      expiresAt: staffInvites.expiresAt,
    })
    .from(staffInvites)
    .where(and(isNull(staffInvites.acceptedAt), isNull(staffInvites.withdrawnAt)))
    .orderBy(asc(staffInvites.email))
    .then((rows) => rows.map((row) => ({ ...row, expired: row.expiresAt <= now })));
}

export async function inviteStaff(
  db: Database,
  ownerId: string,
  input: { email: string; staffRole: StaffRole },
  now = new Date(),
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, email));
    if (account?.role === "admin") {
      throw new DomainError("CONFLICT", "This account is staff already.");
    }
    const { token, tokenHash } = newLinkToken();
    const [invite] = await tx
      .insert(staffInvites)
      .values({
        email,
        staffRole: input.staffRole,
        tokenHash,
        invitedBy: ownerId,
        expiresAt: expiryFrom(now),
      })
      .onConflictDoNothing()
      .returning({ id: staffInvites.id });
    if (!invite) {
      throw new DomainError(
        "CONFLICT",
        "An invitation to this address is waiting already: send it again or withdraw it.",
      );
    }
    await queueInviteEmail(
      tx,
      { email, staffRole: input.staffRole, invitedBy: await ownerName(tx, ownerId) },
      token,
    );
    await recordAudit(tx, {
      actor: adminActor(ownerId),
      action: "staff_invite.sent",
      entity: { type: "staff_invite", id: invite.id },
      after: { email, staffRole: input.staffRole },
    });
  });
  deliverQueuedEmailSoon();
}

/** The open invitation `id`, locked for the change. */
async function openInvite(tx: Database, id: string) {
  const [invite] = await tx
    .select()
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.id, id),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.withdrawnAt),
      ),
    )
    .for("update");
  if (!invite)
    throw new DomainError("NOT_FOUND", "This invitation was accepted or withdrawn already.");
  return invite;
}

/** A new link (the old one stops working) and a new expiry, emailed again. */
export async function resendInvite(db: Database, ownerId: string, id: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const invite = await openInvite(tx, id);
    const { token, tokenHash } = newLinkToken();
    await tx
      .update(staffInvites)
      .set({ tokenHash, expiresAt: expiryFrom(now) })
      .where(eq(staffInvites.id, id));
    await queueInviteEmail(tx, { ...invite, invitedBy: await ownerName(tx, ownerId) }, token);
    await recordAudit(tx, {
      actor: adminActor(ownerId),
      action: "staff_invite.resent",
      entity: { type: "staff_invite", id },
      before: { expiresAt: invite.expiresAt.toISOString() },
      after: { expiresAt: expiryFrom(now).toISOString() },
    });
  });
  deliverQueuedEmailSoon();
}

export async function withdrawInvite(db: Database, ownerId: string, id: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const invite = await openInvite(tx, id);
    await tx.update(staffInvites).set({ withdrawnAt: now }).where(eq(staffInvites.id, id));
    await recordAudit(tx, {
      actor: adminActor(ownerId),
      action: "staff_invite.withdrawn",
      entity: { type: "staff_invite", id },
      before: { email: invite.email, staffRole: invite.staffRole },
    });
  });
}

/** The open, unexpired invitation a link's token names, or null. */
export async function inviteAtLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<InviteAtLink | null> {
  const [invite] = await db
    .select({
      id: staffInvites.id,
      email: staffInvites.email,
      staffRole: staffInvites.staffRole,
      expiresAt: staffInvites.expiresAt,
      acceptedAt: staffInvites.acceptedAt,
      withdrawnAt: staffInvites.withdrawnAt,
      accountId: users.id,
    })
    .from(staffInvites)
    .leftJoin(users, eq(users.email, staffInvites.email))
    .where(eq(staffInvites.tokenHash, linkTokenHash(token)));
  if (!invite || invite.acceptedAt || invite.withdrawnAt || invite.expiresAt <= now) return null;
  return {
    id: invite.id,
    email: invite.email,
    staffRole: invite.staffRole,
    accountExists: invite.accountId !== null,
  };
}

/**
 * The account `userId` joins the staff with the invitation's role: the link's invitation must be
 * open and unexpired, and the account's address the one invited. Used once: the row is locked and
 * marked accepted in the same transaction as the role is given.
 */
export async function acceptInvite(
  db: Database,
  token: string,
  userId: string,
  now = new Date(),
): Promise<StaffRole> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.tokenHash, linkTokenHash(token)))
      .for("update");
    if (!invite || invite.acceptedAt || invite.withdrawnAt || invite.expiresAt <= now) {
      throw new DomainError("NOT_FOUND", INVITE_GONE);
    }
    const [user] = await tx
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user || user.email !== invite.email) {
      throw new DomainError(
        "FORBIDDEN",
        `This invitation is for ${invite.email}. Log in with that address to accept it.`,
      );
    }
    if (user.role === "admin") throw new DomainError("CONFLICT", "This account is staff already.");
    await tx
      .update(users)
      .set({ role: "admin", staffRole: invite.staffRole })
      .where(eq(users.id, userId));
    await tx
      .update(staffInvites)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(eq(staffInvites.id, invite.id));
    await recordAudit(tx, {
      actor: customerActor(userId),
      action: "user.promoted",
      entity: { type: "user", id: userId },
      before: { role: user.role },
      after: { role: "admin", staffRole: invite.staffRole, invite: invite.id },
    });
    return invite.staffRole;
  });
}
