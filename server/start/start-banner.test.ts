import { describe, expect, it } from "vitest";
import { startBanner } from "./start-banner";

const demo = {
  BASE_URL: "http://localhost:3000",
  SHOP_MODE: "demo" as const,
  DATABASE_URL: undefined,
  DATA_DIR: "./data",
  MAIL_TRANSPORT: "dev-mailbox" as const,
  publicDemo: false,
};
const accounts = [{ role: "admin", email: "admin@example.com", password: "admin-password-1" }];

describe("the start banner", () => {
  it("says where emails go: the dev mailbox, or the SMTP server with a copy listed", () => {
    expect(startBanner("Gleam", demo, accounts)).toContain(
      "Emails land in the dev mailbox: http://localhost:3000/dev/mailbox",
    );
    const smtp = startBanner("Gleam", { ...demo, MAIL_TRANSPORT: "smtp" }, accounts);
    expect(smtp).not.toContain("Emails land in the dev mailbox");
    expect(smtp).toContain(
      "Emails are sent through the SMTP server (SMTP_URL); a copy of each is listed at http://localhost:3000/dev/mailbox",
    );
  });

  it("prints no demo accounts or mailbox in live mode", () => {
    const live = startBanner(
      "Gleam",
      { ...demo, SHOP_MODE: "live", DATABASE_URL: "postgres://db/shop", MAIL_TRANSPORT: "smtp" },
      accounts,
    );
    expect(live).toContain("mode: live, database: PostgreSQL");
    expect(live).not.toContain("admin-password-1");
    expect(live).not.toContain("mailbox");
  });
});
