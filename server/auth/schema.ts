import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { staffRoles } from "../../common/auth/staff-access";
import { timestamps } from "../db/columns";

// The tables better-auth owns (docs/architecture.md#data), in the shop's naming. The JS keys are better-auth's
// field names; the SQL names are ours. The user carries the profile of docs/product.md#records: role, full name
// (better-auth's `name`), avatar URL (its `image`) and email.

export const userRoles = ["customer", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("full_name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("avatar_url"),
    role: text("role", { enum: userRoles }).notNull().default("customer"),
    // What an admin may do (common/auth/staff-access.ts); every admin has one, a customer none.
    staffRole: text("staff_role", { enum: staffRoles }),
    phone: text("phone"),
    ...timestamps,
  },
  (table) => [
    check(
      "users_staff_role_of_admins",
      sql`(${table.role} = 'admin') = (${table.staffRole} is not null)`,
    ),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** The library's hash, never the password. */
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/**
 * An owner's invitation to join the staff with a role (docs/decisions/072): its link carries a
 * token whose SHA-256 hash is kept here, used once, before `expires_at`. Resending it gives a new
 * token and a new expiry; withdrawing it ends it.
 */
export const staffInvites = pgTable(
  "staff_invites",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    email: text("email").notNull(),
    staffRole: text("staff_role", { enum: staffRoles }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // One open invitation per address: a second is the first one resent.
    uniqueIndex("staff_invites_open_email_idx")
      .on(table.email)
      .where(sql`${table.acceptedAt} is null and ${table.withdrawnAt} is null`),
  ],
);

/**
 * A customer's asked change of their sign-in address (docs/decisions/073): confirmed through a
 * link sent to the new address, whose token's SHA-256 hash is kept here, once, before
 * `expires_at`. A new request replaces the one still open.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index("email_changes_user_id_idx").on(table.userId)],
);

export type User = typeof users.$inferSelect;
