import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The shop's settings have one reader (server/settings/shop-settings.ts): the day they come from
// the database, that file is the only one to change. Any other file that reads a setting straight
// from the configuration is found here.

const root = join(import.meta.dirname, "..");
const settingVariables =
  /\benv\.(SHOP_NAME|SUPPORT_EMAIL|SUPPORT_PHONE|SUPPORT_HOURS|WHATSAPP_NUMBER|SOCIAL_[A-Z_]+|SHIPPING_FLAT_RATE_PENCE|FREE_SHIPPING_OVER_PENCE|FIRST_ORDER_DISCOUNT_PERCENT|PENDING_ORDER_MINUTES)\b/g;
const allowed = new Set(["server/env.ts", "server/settings/shop-settings.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file: env.NAME` for each setting read outside the settings module. */
function settingsReadOutside(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    allowed.has(file) ? [] : [...text.matchAll(settingVariables)].map((m) => `${file}: ${m[0]}`),
  );
}

describe("the settings fence", () => {
  it("finds a setting read from the configuration outside the settings module (probe)", () => {
    expect(
      settingsReadOutside({
        "server/settings/shop-settings.ts": "config.SHOP_NAME; env.SHOP_NAME",
        "server/checkout/pricing.ts": "const rate = env.SHIPPING_FLAT_RATE_PENCE;",
        "app/root.tsx": "name: env.SHOP_NAME, port: env.PORT",
        "server/start/main.ts": "env.SOCIAL_TIKTOK_URL",
      }),
    ).toEqual([
      "server/checkout/pricing.ts: env.SHIPPING_FLAT_RATE_PENCE",
      "app/root.tsx: env.SHOP_NAME",
      "server/start/main.ts: env.SOCIAL_TIKTOK_URL",
    ]);
  });

  it("holds: no file but the settings module reads a setting", () => {
    const files = ["app", "server", "scripts"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(50);
    const texts = Object.fromEntries(
      files.map((file) => [
        relative(root, join(root, file)),
        readFileSync(join(root, file), "utf8"),
      ]),
    );
    expect(settingsReadOutside(texts)).toEqual([]);
  });
});
