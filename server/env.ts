import { availableParallelism } from "node:os";
import { z } from "zod";
import { type PurgeConfig, purgeConfigOf, sharedCacheVariables } from "./env-shared-cache";
import { emptyToUndefined, optionalString, optionalUrl } from "./env-values";

// The only reader of process.env (docs/architecture.md#layout rule 6). Parsed once, at import, so a bad value stops the
// server at boot with a message naming the variable instead of failing on the first request.

const port = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number()
    .int()
    .min(1, "must be a port number between 1 and 65535")
    .max(65535, "must be a port number between 1 and 65535")
    .default(3000),
);

const schema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(["development", "production", "test"]).default("development"),
  ),
  PORT: port,
  /** Default: 127.0.0.1 in demo mode (this machine only), 0.0.0.0 in live mode. */
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /**
   * Serve the demo shop on a HOST other machines can reach. The demo publishes its accounts'
   * passwords and its session secret and shows every email at /dev/mailbox: only for a demo that
   * holds nothing of value.
   */
  ALLOW_PUBLIC_DEMO: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
  BASE_URL: optionalUrl,
  SHOP_MODE: z.preprocess(emptyToUndefined, z.enum(["demo", "live"]).optional()),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default("./data")),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0, "must be 0 or more seconds").max(60).default(1),
  ),
  PAGE_CACHE_TTL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0, "must be 0 (off) or more seconds").max(300).default(5),
  ),
  SHOP_NAME: z.preprocess(emptyToUndefined, z.string().min(1).max(60).default("Gleam")),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default("hello@gleam-smile.co.uk")),
  SUPPORT_PHONE: z.preprocess(emptyToUndefined, z.string().min(5).default("+44 20 7946 0321")),
  WHATSAPP_NUMBER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[1-9]\d{6,14}$/, "must be an international number in digits only, e.g. 447700900123")
      .default("447700900123"),
  ),
  SOCIAL_INSTAGRAM_URL: z.preprocess(
    emptyToUndefined,
    z.url().default("https://www.instagram.com/"),
  ),
  SOCIAL_FACEBOOK_URL: z.preprocess(emptyToUndefined, z.url().default("https://www.facebook.com/")),
  SOCIAL_TIKTOK_URL: z.preprocess(emptyToUndefined, z.url().default("https://www.tiktok.com/")),
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["stripe", "test"]).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_TRANSPORT: z.preprocess(emptyToUndefined, z.enum(["smtp", "dev-mailbox"]).optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
  BETTER_AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  ),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  ),
  /**
   * Keys the hash gift card codes are kept as (docs/decisions/079-gift-card-codes-hashed.md); the
   * auth secret when unset. Set it to the old secret before changing BETTER_AUTH_SECRET, or every
   * card's code stops being recognised.
   */
  GIFT_CARD_CODE_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  ),
  /** Attempts per client address per minute at sign-in, sign-up and the emailing endpoints. */
  AUTH_ATTEMPTS_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000).default(5),
  ),
  /** Shipping on orders that do not ship free (pence; VAT included). */
  SHIPPING_FLAT_RATE_PENCE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(10_000).default(399),
  ),
  /** Orders over this (pence, after the first-order discount) ship free. */
  FREE_SHIPPING_OVER_PENCE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(1_000_000).default(5000),
  ),
  /** The discount on a customer's first paid order, in percent. */
  FIRST_ORDER_DISCOUNT_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(50).default(10),
  ),
  SUPPORT_HOURS: z.preprocess(
    emptyToUndefined,
    z.string().min(3).max(60).default("Mon-Fri 9am-5pm UK time"),
  ),
  /** The business behind the shop, as its VAT invoices name it (the admin may change these). */
  BUSINESS_LEGAL_NAME: z.preprocess(
    emptyToUndefined,
    z.string().min(1).max(100).default("Gleam Smile Ltd"),
  ),
  BUSINESS_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.string().min(5).max(200).default("Unit 4, 12 Example Road, London, EC1A 1BB"),
  ),
  /** HMRC's published example number: a real shop sets its own. */
  VAT_NUMBER: z.preprocess(emptyToUndefined, z.string().max(20).default("GB999999973")),
  COMPANY_NUMBER: z.preprocess(emptyToUndefined, z.string().max(10).default("01234567")),
  /** Demo mode only: how many past orders the demo shop starts with (benchmarks ask for more). */
  DEMO_ORDERS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(1_000_000).default(240),
  ),
  /** Minutes an unpaid order holds its stock before it is cancelled. */
  PENDING_ORDER_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
  ),
  /**
   * Units one order may hold in all (each variant has its own limit too, default 10). A customer
   * has one open order at a time, so this bounds the stock one account can hold.
   */
  MAX_UNITS_PER_ORDER: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(30),
  ),
  /** Orders a customer may start per minute (checkout submits). */
  CHECKOUT_ATTEMPTS_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000).default(10),
  ),
  /**
   * Worker processes serving requests with DATABASE_URL (default: one per CPU). PGlite is one
   * process: without DATABASE_URL the shop runs one, whatever this says.
   */
  WEB_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, "must be 1 or more processes").max(64).optional(),
  ),
  /** A page or API request unanswered after this long is answered 503 (the visitor stops waiting). */
  REQUEST_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(1, "must be 1 or more seconds").max(300).default(15),
  ),
  /** A bearer token for /metrics (Prometheus); unset, the shop has no /metrics. */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters (e.g. openssl rand -hex 24)").optional(),
  ),
  ...sharedCacheVariables,
  /** Set by the primary process in each worker it starts (server/start/workers.ts), never by hand. */
  GLEAM_WORKER_ROLE: z.preprocess(emptyToUndefined, z.enum(["jobs", "web"]).optional()),
  /** Set by the primary process in each worker it starts: when the worker may listen. */
  GLEAM_LISTEN: z.preprocess(emptyToUndefined, z.enum(["now", "when-told"]).optional()),
  /**
   * How many proxies in front of the shop append to X-Forwarded-For: `false` (0, none: the
   * connecting address is the client), `true` (1) or a number of hops.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(true|false|[0-9]|10)$/, "must be false, true or a number of proxy hops (0-10)")
      .default("false")
      .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value))),
  ),
});

type RawEnv = z.infer<typeof schema>;

export type Env = Omit<
  RawEnv,
  | "SHOP_MODE"
  | "BASE_URL"
  | "PAYMENT_PROVIDER"
  | "MAIL_TRANSPORT"
  | "MAIL_FROM"
  | "TRUST_PROXY"
  | "HOST"
  | "ALLOW_PUBLIC_DEMO"
> & {
  SHOP_MODE: "demo" | "live";
  HOST: string;
  /** Demo mode on an address other machines can reach (ALLOW_PUBLIC_DEMO): warn loudly. */
  publicDemo: boolean;
  /**
   * The origins that are the shop's own (docs/architecture.md#security), the public one first: every origin gate (the
   * shop's, React Router's, better-auth's) uses this one list.
   */
  shopOrigins: string[];
  /** Proxies in front that append to X-Forwarded-For (0: the connecting address is the client). */
  trustProxyHops: number;
  /** Signs session cookies and tokens: BETTER_AUTH_SECRET, or SESSION_SECRET. */
  authSecret: string;
  /** Keys gift card codes' hashes: GIFT_CARD_CODE_SECRET, or the auth secret. */
  giftCardCodeSecret: string;
  MAIL_FROM: string;
  BASE_URL: string;
  PAYMENT_PROVIDER: "stripe" | "test";
  MAIL_TRANSPORT: "smtp" | "dev-mailbox";
  /** True when every Stripe key is set. */
  stripeConfigured: boolean;
  /** Worker processes to run: WEB_CONCURRENCY or one per CPU on PostgreSQL, always 1 on PGlite. */
  workerCount: number;
  /** How changes purge the shared cache in front (CACHE_PURGE and its settings). */
  purge: PurgeConfig;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Validates a set of variables; pure, so tests can pass their own. Throws ConfigError. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  const raw = result.data;
  const problems: string[] = [];

  const mode = raw.SHOP_MODE ?? (raw.DATABASE_URL ? "live" : "demo");
  const stripeKeys = [raw.STRIPE_SECRET_KEY, raw.STRIPE_PUBLISHABLE_KEY, raw.STRIPE_WEBHOOK_SECRET];
  const stripeConfigured = stripeKeys.every(Boolean);
  if (mode === "demo" && stripeKeys.some(Boolean)) {
    problems.push(
      "STRIPE_SECRET_KEY: demo mode takes no real payments and publishes its accounts: unset the STRIPE_* keys, or set SHOP_MODE=live",
    );
  }

  const host = raw.HOST ?? (mode === "demo" ? "127.0.0.1" : "0.0.0.0");
  const publicDemo = mode === "demo" && !isLoopbackHost(host);
  if (publicDemo && raw.ALLOW_PUBLIC_DEMO !== "true") {
    problems.push(
      `HOST: demo mode publishes its accounts' passwords, its session secret and every email (/dev/mailbox), so it listens on this machine only (127.0.0.1 or localhost); ${host} reaches other machines. Set SHOP_MODE=live for a real shop, or ALLOW_PUBLIC_DEMO=true for a demo that holds nothing of value`,
    );
  }
  if (stripeKeys.some(Boolean) && !stripeConfigured) {
    problems.push(
      "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none",
    );
  }

  let paymentProvider = raw.PAYMENT_PROVIDER ?? (stripeConfigured ? "stripe" : undefined);
  if (paymentProvider === "test" && stripeConfigured) {
    problems.push("PAYMENT_PROVIDER: the test provider cannot be used while Stripe keys are set");
  }
  if (paymentProvider === "stripe" && !stripeConfigured) {
    problems.push("PAYMENT_PROVIDER: stripe needs the three STRIPE_* keys");
  }
  if (!paymentProvider) {
    if (mode === "live") {
      problems.push(
        "PAYMENT_PROVIDER: live mode needs the STRIPE_* keys, or PAYMENT_PROVIDER=test chosen explicitly (staging only)",
      );
    }
    paymentProvider = "test";
  }

  let mailTransport = raw.MAIL_TRANSPORT ?? (raw.SMTP_URL ? "smtp" : undefined);
  if (mailTransport === "smtp" && !raw.SMTP_URL) {
    problems.push("MAIL_TRANSPORT: smtp needs SMTP_URL");
  }
  if (!mailTransport) {
    if (mode === "live") {
      problems.push(
        "SMTP_URL: live mode needs SMTP_URL, or MAIL_TRANSPORT=dev-mailbox chosen explicitly",
      );
    }
    mailTransport = "dev-mailbox";
  }

  let authSecret = raw.BETTER_AUTH_SECRET ?? raw.SESSION_SECRET;
  if (!authSecret) {
    if (mode === "live") {
      problems.push("BETTER_AUTH_SECRET: live mode needs a secret of at least 32 characters");
    }
    // Demo only: a fixed secret, so demo sessions survive a restart. Never used in live mode.
    authSecret = "gleam-demo-mode-secret-not-for-production-use";
  }

  const purge = purgeConfigOf(raw, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  const baseUrl = (raw.BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  const { ALLOW_PUBLIC_DEMO: _allowPublicDemo, ...settings } = raw;
  return {
    ...settings,
    SHOP_MODE: mode,
    HOST: host,
    publicDemo,
    BASE_URL: baseUrl,
    PAYMENT_PROVIDER: paymentProvider,
    MAIL_TRANSPORT: mailTransport,
    MAIL_FROM: raw.MAIL_FROM ?? `${raw.SHOP_NAME} <${raw.SUPPORT_EMAIL}>`,
    shopOrigins: shopOrigins(baseUrl, mode, raw.PORT),
    trustProxyHops: raw.TRUST_PROXY,
    authSecret,
    giftCardCodeSecret: raw.GIFT_CARD_CODE_SECRET ?? authSecret,
    stripeConfigured,
    workerCount: raw.DATABASE_URL ? (raw.WEB_CONCURRENCY ?? availableParallelism()) : 1,
    purge,
  };
}

/** An address only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * The public origin, and in demo mode the loopback addresses at the same port: the demo shop is
 * opened at http://localhost:3000 and http://127.0.0.1:3000 alike. Only loopback names, never the
 * Host header a request brings: a page on another site whose name was pointed at this machine
 * (DNS rebinding) must not count as the shop.
 */
function shopOrigins(baseUrl: string, mode: "demo" | "live", port: number): string[] {
  const origins = [new URL(baseUrl).origin];
  if (mode === "demo") {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const origin = `http://${host}:${port}`;
      if (!origins.includes(origin)) origins.push(origin);
    }
  }
  return origins;
}

function loadEnvOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // Printed plainly: the logger depends on this configuration, so it cannot report it.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const env: Env = loadEnvOrExit();
