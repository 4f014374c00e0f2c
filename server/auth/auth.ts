import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Database } from "../db/database";
import { accounts, rateLimits, sessions, users, verifications } from "../db/schema/auth";
import type { EmailKind } from "../db/schema/email";
import { passwordResetEmail, verificationEmail } from "../email/templates";
import type { OutgoingEmail } from "../email/transport";
import { ACCOUNT_THROTTLED, clearSignInAttempts, countSignInAttempt } from "./account-throttle";

// better-auth on the shop's own database (DESIGN §2, §6): email and password, email verification,
// password reset, sessions in the database behind http-only cookies, and its rate limiter with
// its counters in the database, so every instance shares them.

/** The header the HTTP layer sets to the connecting client's address (never the client's own). */
export const CLIENT_IP_HEADER = "x-gleam-client-ip";

export const MIN_PASSWORD_LENGTH = 8;

export type AuthOptions = {
  db: Database;
  baseUrl: string;
  /** The shop's own origins (env.shopOrigins): the one rule every origin gate uses. */
  trustedOrigins: string[];
  secret: string;
  shopName: string;
  supportEmail: string;
  /** Queues an email in the outbox; delivery happens in the background. */
  sendEmail: (kind: EmailKind, message: OutgoingEmail) => Promise<void>;
  /** Attempts allowed per client address per minute at sign-in, sign-up, password change and
   * the two emailing endpoints (reset link, verification link). */
  attemptsPerMinute: number;
};

/** Sign-in attempts one account takes in 15 minutes, from all addresses together. */
export function accountAttemptsPerWindow(attemptsPerMinute: number): number {
  return attemptsPerMinute * 2;
}

const SIGN_IN = "/sign-in/email";

function emailOf(body: unknown): string | null {
  if (body && typeof body === "object" && "email" in body && typeof body.email === "string") {
    return body.email;
  }
  return null;
}

export function createAuth(options: AuthOptions) {
  const brand = {
    shopName: options.shopName,
    baseUrl: options.baseUrl,
    supportEmail: options.supportEmail,
  };
  const perMinute = { window: 60, max: options.attemptsPerMinute };
  const perAccount = accountAttemptsPerWindow(options.attemptsPerMinute);
  return betterAuth({
    appName: options.shopName,
    baseURL: options.baseUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "customer", input: false },
        phone: { type: "string", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await options.sendEmail("password-reset", passwordResetEmail(brand, user, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await options.sendEmail("verification", verificationEmail(brand, user, url));
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const email = ctx.path === SIGN_IN ? emailOf(ctx.body) : null;
        if (!email) return;
        if ((await countSignInAttempt(options.db, email)) > perAccount) {
          throw new APIError("TOO_MANY_REQUESTS", { message: ACCOUNT_THROTTLED });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const email = ctx.path === SIGN_IN ? emailOf(ctx.body) : null;
        if (email && ctx.context.newSession) await clearSignInAttempts(options.db, email);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": perMinute,
        "/sign-up/email": perMinute,
        "/change-password": perMinute,
        "/request-password-reset": perMinute,
        "/send-verification-email": perMinute,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: options.baseUrl.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
    // Emailed tokens are stored as SHA-256 hashes: a leaked table holds no usable link.
    verification: { storeIdentifier: "hashed" },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
