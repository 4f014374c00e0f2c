import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env";

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseEnv", () => {
  it("runs with no variables at all: demo mode, PGlite, port 3000", () => {
    const env = parseEnv({});
    expect(env.SHOP_MODE).toBe("demo");
    expect(env.PORT).toBe(3000);
    // The demo shop publishes its accounts and secret: it listens on this machine only.
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.PAYMENT_PROVIDER).toBe("test");
    expect(env.MAIL_TRANSPORT).toBe("dev-mailbox");
    expect(env.SHOP_NAME).toBe("Gleam");
  });

  it("honours PORT and HOST, and derives BASE_URL from the port", () => {
    const env = parseEnv({ PORT: "8080", HOST: "127.0.0.1" });
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.BASE_URL).toBe("http://localhost:8080");
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("names the bad variable", () => {
    expect(problemsOf({ PORT: "eighty" })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT: must be a port number/);
    expect(problemsOf({ DATABASE_URL: "mysql://x" })[0]).toMatch(
      /^DATABASE_URL: must be a postgres/,
    );
    expect(problemsOf({ BASE_URL: "not a url" })[0]).toMatch(/^BASE_URL: /);
    expect(problemsOf({ WHATSAPP_NUMBER: "+44 7700" })[0]).toMatch(/^WHATSAPP_NUMBER: /);
  });

  it("strips a trailing slash from BASE_URL", () => {
    expect(parseEnv({ BASE_URL: "https://shop.example/" }).BASE_URL).toBe("https://shop.example");
  });

  it("switches to live mode with DATABASE_URL, and then refuses test payments and the dev mailbox unless chosen", () => {
    const problems = problemsOf({ DATABASE_URL: "postgres://localhost/shop" });
    expect(problems.some((p) => p.startsWith("PAYMENT_PROVIDER:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("SMTP_URL:"))).toBe(true);

    const staging = parseEnv({
      DATABASE_URL: "postgres://localhost/shop",
      PAYMENT_PROVIDER: "test",
      MAIL_TRANSPORT: "dev-mailbox",
      BETTER_AUTH_SECRET: "s".repeat(32),
    });
    expect(staging.SHOP_MODE).toBe("live");
    expect(staging.PAYMENT_PROVIDER).toBe("test");
  });

  it("needs a real auth secret in live mode; demo mode has its own", () => {
    const problems = problemsOf({
      SHOP_MODE: "live",
      PAYMENT_PROVIDER: "test",
      MAIL_TRANSPORT: "dev-mailbox",
    });
    expect(problems).toEqual([
      "BETTER_AUTH_SECRET: live mode needs a secret of at least 32 characters",
    ]);
    expect(problemsOf({ BETTER_AUTH_SECRET: "short" })[0]).toMatch(/^BETTER_AUTH_SECRET: /);
    const live = parseEnv({
      SHOP_MODE: "live",
      PAYMENT_PROVIDER: "test",
      MAIL_TRANSPORT: "dev-mailbox",
      SESSION_SECRET: "x".repeat(40),
    });
    expect(live.authSecret).toBe("x".repeat(40));
    expect(parseEnv({}).authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("allows demo mode on PostgreSQL when asked for", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://localhost/shop", SHOP_MODE: "demo" });
    expect(env.SHOP_MODE).toBe("demo");
    expect(env.PAYMENT_PROVIDER).toBe("test");
  });

  it("uses Stripe when all three keys are set, and never the test provider then", () => {
    const keys = {
      SHOP_MODE: "live",
      BETTER_AUTH_SECRET: "a-live-secret-of-at-least-32-characters",
      MAIL_TRANSPORT: "dev-mailbox",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    const env = parseEnv(keys);
    expect(env.PAYMENT_PROVIDER).toBe("stripe");
    expect(env.stripeConfigured).toBe(true);
    expect(problemsOf({ ...keys, PAYMENT_PROVIDER: "test" })[0]).toMatch(/^PAYMENT_PROVIDER: /);
  });

  it("refuses a partial set of Stripe keys", () => {
    expect(problemsOf({ SHOP_MODE: "live", STRIPE_SECRET_KEY: "sk_test_1" })[0]).toMatch(
      /set all three or none/,
    );
  });

  it("refuses Stripe keys in demo mode: the demo shop takes no real payments", () => {
    const problems = problemsOf({
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_PUBLISHABLE_KEY: "pk_live_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    });
    expect(problems).toContainEqual(expect.stringMatching(/^STRIPE_SECRET_KEY: demo mode/));
  });

  it("listens on this machine only in demo mode, unless a public demo is asked for", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"]) {
      expect(parseEnv({ HOST: host }).HOST).toBe(host);
    }
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "shop.example"]) {
      expect(problemsOf({ HOST: host })[0]).toMatch(/^HOST: demo mode publishes/);
    }
    const allowed = parseEnv({ HOST: "0.0.0.0", ALLOW_PUBLIC_DEMO: "true" });
    expect(allowed.HOST).toBe("0.0.0.0");
    expect(allowed.publicDemo).toBe(true);
    expect(parseEnv({}).publicDemo).toBe(false);
  });

  it("listens on every interface by default in live mode", () => {
    const live = parseEnv({
      SHOP_MODE: "live",
      PAYMENT_PROVIDER: "test",
      MAIL_TRANSPORT: "dev-mailbox",
      BETTER_AUTH_SECRET: "a-live-secret-of-at-least-32-characters",
    });
    expect(live.HOST).toBe("0.0.0.0");
  });

  it("names the shop's own origins: the public one first, the loopback ones only in demo mode", () => {
    expect(parseEnv({ PORT: "4000" }).shopOrigins).toEqual([
      "http://localhost:4000",
      "http://127.0.0.1:4000",
      "http://[::1]:4000",
    ]);
    expect(parseEnv({ BASE_URL: "https://shop.example/" }).shopOrigins[0]).toBe(
      "https://shop.example",
    );
    const live = parseEnv({
      SHOP_MODE: "live",
      BASE_URL: "https://shop.example",
      PAYMENT_PROVIDER: "test",
      MAIL_TRANSPORT: "dev-mailbox",
      BETTER_AUTH_SECRET: "a-live-secret-of-at-least-32-characters",
    });
    expect(live.shopOrigins).toEqual(["https://shop.example"]);
  });

  it("reads TRUST_PROXY as a number of proxy hops", () => {
    expect(parseEnv({}).trustProxyHops).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).trustProxyHops).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    expect(problemsOf({ TRUST_PROXY: "yes" })[0]).toMatch(/^TRUST_PROXY: must be false, true/);
    expect(problemsOf({ TRUST_PROXY: "11" })[0]).toMatch(/^TRUST_PROXY: /);
  });

  it("validates SMTP_URL", () => {
    expect(problemsOf({ SMTP_URL: "http://mail" })[0]).toMatch(/^SMTP_URL: /);
    expect(parseEnv({ SMTP_URL: "smtp://localhost:2525" }).MAIL_TRANSPORT).toBe("smtp");
  });

  it("runs one worker per CPU on PostgreSQL, WEB_CONCURRENCY if set, and always one on PGlite", () => {
    const postgres = { DATABASE_URL: "postgres://localhost/shop", SHOP_MODE: "demo" };
    expect(parseEnv(postgres).workerCount).toBe(availableParallelism());
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: "3" }).workerCount).toBe(3);
    expect(parseEnv({ WEB_CONCURRENCY: "3" }).workerCount).toBe(1);
    expect(problemsOf({ WEB_CONCURRENCY: "0" })[0]).toMatch(/^WEB_CONCURRENCY: /);
  });

  it("has no /metrics token unless one is set, and refuses a short one", () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "a-long-enough-token-1234" }).METRICS_TOKEN).toBe(
      "a-long-enough-token-1234",
    );
    expect(problemsOf({ METRICS_TOKEN: "short" })[0]).toMatch(
      /^METRICS_TOKEN: must be at least 16/,
    );
  });

  it("purges no shared cache unless told how, and checks what each way needs", () => {
    expect(parseEnv({}).purge).toEqual({ kind: "none" });
    expect(
      parseEnv({
        CACHE_PURGE: "http",
        CACHE_PURGE_URLS: "http://10.0.0.5:6081/, http://10.0.0.6:6081/",
      }).purge,
    ).toEqual({
      kind: "http",
      urls: ["http://10.0.0.5:6081/", "http://10.0.0.6:6081/"],
      token: undefined,
    });
    expect(problemsOf({ CACHE_PURGE: "http" })[0]).toMatch(/^CACHE_PURGE_URLS: /);
    expect(problemsOf({ CACHE_PURGE: "http", CACHE_PURGE_URLS: "not a url" })[0]).toMatch(
      /^CACHE_PURGE_URLS/,
    );
    expect(problemsOf({ CACHE_PURGE: "cloudflare", CACHE_PURGE_TOKEN: "t" })[0]).toMatch(
      /CLOUDFLARE_ZONE_ID/,
    );
    expect(
      parseEnv({ CACHE_PURGE: "fastly", CACHE_PURGE_TOKEN: "t", FASTLY_SERVICE_ID: "svc" }).purge,
    ).toEqual({ kind: "fastly", serviceId: "svc", token: "t", apiUrl: undefined });
    expect(problemsOf({ CACHE_PURGE: "akamai" })[0]).toMatch(/^CACHE_PURGE: /);
  });
});
