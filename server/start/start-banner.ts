import type { Env } from "../env";

// What the server prints when it starts: where the shop is, on what, and in demo mode how to use
// it. Each line says what this configuration does (where emails go, above all), never a default.

export function startBanner(
  shopName: string,
  config: Pick<
    Env,
    "BASE_URL" | "SHOP_MODE" | "DATABASE_URL" | "DATA_DIR" | "MAIL_TRANSPORT" | "publicDemo"
  >,
  accounts: ReadonlyArray<{ role: string; staffRole?: string; email: string; password: string }>,
): string {
  const lines = [
    "",
    `  ${shopName} is running at ${config.BASE_URL}`,
    `  mode: ${config.SHOP_MODE}, database: ${config.DATABASE_URL ? "PostgreSQL" : `PGlite (${config.DATA_DIR})`}`,
  ];
  if (config.SHOP_MODE === "demo") {
    lines.push("  Demo shop: test payments only, no real money is taken.");
    lines.push("  Demo accounts (demo mode only):");
    for (const account of accounts) {
      const role = account.staffRole ?? account.role;
      lines.push(`    ${role.padEnd(10)} ${account.email} / ${account.password}`);
    }
    lines.push(
      config.MAIL_TRANSPORT === "smtp"
        ? `  Emails are sent through the SMTP server (SMTP_URL); a copy of each is listed at ${config.BASE_URL}/dev/mailbox`
        : `  Emails land in the dev mailbox: ${config.BASE_URL}/dev/mailbox`,
    );
    if (config.publicDemo) {
      lines.push(
        "",
        "  !!! WARNING: this demo shop listens on a public address (ALLOW_PUBLIC_DEMO=true).",
        "  !!! Anyone who reaches it can log in as the demo admin, read every email at",
        "  !!! /dev/mailbox (password reset links included) and forge sessions: the demo",
        "  !!! secret is in the source code. Never use it for real customers or real data.",
      );
    }
  }
  return `${lines.join("\n")}\n\n`;
}
