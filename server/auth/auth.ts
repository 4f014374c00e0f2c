import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { MAX_PASSWORD, MIN_PASSWORD } from "../../common/auth/password-rules";
import { personName } from "../../common/form-fields";
import type { Database } from "../db/database";
import type { EmailKind } from "../email/schema";
import { passwordResetEmail, verificationEmail } from "../email/templates";
import type { OutgoingEmail } from "../email/transport";
import { rateLimits } from "../rate-limit/schema";
import type { Brand } from "../settings/shop-settings";
import {
  ACCOUNT_THROTTLED,
  clearSignInAttempts,
  countEmailToRecipient,
  countSignInAttempt,
  countSignUpAttempt,
  EMAILS_PER_RECIPIENT,
  RECIPIENT_THROTTLED,
  SIGN_UP_THROTTLED,
  SIGN_UPS_PER_ADDRESS,
} from "./account-throttle";
import { COMMON_PASSWORD, isCommonPassword } from "./common-passwords";
import { accounts, sessions, users, verifications } from "./schema";
import { AUTH_COOKIE_PREFIX } from "./session-cookie";

// better-auth on the shop's own database (docs/architecture.md#stack, docs/architecture.md#security): email and password, email verification,
// password reset, sessions in the database behind http-only cookies, and its rate limiter with
// its counters in the database, so every instance shares them.

/**
 * better-auth's endpoints a browser reaches itself: the emailed links and log out. The shop's pages
 * call the others (sign in, sign up, reset, change password) in-process with their own checks, so
 * the HTTP layer answers 404 for everything else under /api/auth.
 */
export function isPublicAuthEndpoint(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD") {
    return path === "/api/auth/verify-email" || /^\/api\/auth\/reset-password\/[^/]+$/.test(path);
  }
  return method === "POST" && path === "/api/auth/sign-out";
}

/** The header the HTTP layer sets to the connecting client's address (never the client's own). */
export const CLIENT_IP_HEADER = "x-gleam-client-ip";

export type AuthOptions = {
  db: Database;
  baseUrl: string;
  /** The shop's own origins (env.shopOrigins): the one rule every origin gate uses. */
  trustedOrigins: string[];
  secret: string;
  /** better-auth's own name for the shop (it appears in nothing a customer reads). */
  appName: string;
  /** What the emails show of the shop, read when each is written (the settings may change). */
  brand: () => Promise<Brand>;
  /** Queues an email in the outbox; delivery happens in the background. */
  sendEmail: (kind: EmailKind, message: OutgoingEmail) => Promise<void>;
  /** Attempts allowed per client address per minute at sign-in, sign-up, password change and
   * the two emailing endpoints (reset link, verification link). */
  attemptsPerMinute: number;
};

/** Sign-in attempts one account takes in 15 minutes, from all addresses together. */
function accountAttemptsPerWindow(attemptsPerMinute: number): number {
  return attemptsPerMinute * 2;
}

const SIGN_IN = "/sign-in/email";
const SIGN_UP = "/sign-up/email";
const UPDATE_USER = "/update-user";
/**
 * Endpoints that email a link to the address in their body on request, as often as asked. A
 * sign-up emails an address once at most (the account then exists), so it is not counted.
 */
const EMAILING = new Set(["/request-password-reset", "/send-verification-email"]);
const MAX_EMAIL_LENGTH = 254;
/** Where each endpoint that sets a password takes the new one from. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  [SIGN_UP]: "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

function field(body: unknown, name: string): unknown {
  return body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
}

function emailOf(body: unknown): string | null {
  const email = field(body, "email");
  return typeof email === "string" ? email : null;
}

/**
 * The shop's own rules for what better-auth's endpoints take from a visitor (the same as the
 * shop's forms): a real name without links or markup, a sane email, no avatar URL from outside.
 * better-auth checks a password's length itself (minPasswordLength, maxPasswordLength); a common
 * password is refused here.
 */
function refusedInput(path: string, body: unknown): string | null {
  const newPassword = field(body, NEW_PASSWORD_FIELD[path] ?? "");
  // A short one gets better-auth's own message about its length.
  if (
    typeof newPassword === "string" &&
    newPassword.length >= MIN_PASSWORD &&
    isCommonPassword(newPassword)
  ) {
    return COMMON_PASSWORD;
  }
  if (path !== SIGN_UP && path !== UPDATE_USER) return null;
  const name = field(body, "name");
  if (path === SIGN_UP || name !== undefined) {
    const parsed = personName.safeParse(name);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? "Please check your name.";
  }
  const email = field(body, "email");
  if (typeof email === "string" && email.length > MAX_EMAIL_LENGTH) {
    return "Please enter a valid email address.";
  }
  if (field(body, "image") != null) return "A profile picture cannot be set here.";
  return null;
}

export function createAuth(options: AuthOptions) {
  const perMinute = { window: 60, max: options.attemptsPerMinute };
  const perAccount = accountAttemptsPerWindow(options.attemptsPerMinute);
  return betterAuth({
    appName: options.appName,
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
        staffRole: { type: "string", required: false, input: false },
        phone: { type: "string", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD,
      maxPasswordLength: MAX_PASSWORD,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await options.sendEmail(
          "password-reset",
          passwordResetEmail(await options.brand(), user, url),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Opening a verification link never signs anyone in: a link someone else sent would
      // otherwise replace the visitor's own session with theirs (login CSRF). The link's page
      // asks to log in instead.
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await options.sendEmail(
          "verification",
          verificationEmail(await options.brand(), user, url),
        );
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const refused = refusedInput(ctx.path, ctx.body);
        if (refused) throw new APIError("BAD_REQUEST", { message: refused });
        const email = emailOf(ctx.body);
        if (!email) return;
        if (ctx.path === SIGN_IN && (await countSignInAttempt(options.db, email)) > perAccount) {
          throw new APIError("TOO_MANY_REQUESTS", { message: ACCOUNT_THROTTLED });
        }
        if (
          EMAILING.has(ctx.path) &&
          (await countEmailToRecipient(options.db, email)) > EMAILS_PER_RECIPIENT
        ) {
          throw new APIError("TOO_MANY_REQUESTS", { message: RECIPIENT_THROTTLED });
        }
        // Counted for every address alike, so the limit itself tells nothing of who is a customer.
        if (
          ctx.path === SIGN_UP &&
          (await countSignUpAttempt(options.db, email)) > SIGN_UPS_PER_ADDRESS
        ) {
          throw new APIError("TOO_MANY_REQUESTS", { message: SIGN_UP_THROTTLED });
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
      cookiePrefix: AUTH_COOKIE_PREFIX,
      database: { generateId: () => crypto.randomUUID() },
    },
    // Emailed tokens are stored as SHA-256 hashes: a leaked table holds no usable link.
    verification: { storeIdentifier: "hashed" },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
