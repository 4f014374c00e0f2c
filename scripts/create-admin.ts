import { parseArgs } from "node:util";
import { ensureAccount } from "@server/auth/accounts";
import { createAuthFromEnv } from "@server/auth/session";
import { openDatabase } from "@server/db/client";
import { configuredDatabase } from "@server/db/connection";
import { queueEmail } from "@server/email/outbox";
import { z } from "zod";
import { signUpForm } from "../app/lib/account-forms";

// `npm run create-admin -- --email x@y --password '...' [--name 'Full Name']`: creates an admin
// account, or promotes an existing one (and sets its password when one is given). On PGlite, stop
// the server first (one process per data folder).

const usage =
  "Usage: npm run create-admin -- --email you@example.com --password 'at least 8 characters' [--name 'Full Name']";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
    },
  });
  const parsed = signUpForm.safeParse({
    email: values.email,
    password: values.password,
    fullName: values.name ?? "Shop Admin",
  });
  if (!parsed.success) {
    throw new Error(`${z.prettifyError(parsed.error)}\n${usage}`);
  }
  const handle = await openDatabase(configuredDatabase());
  try {
    await handle.migrate();
    const auth = createAuthFromEnv(handle.db, async (kind, message) => {
      await queueEmail(handle.db, kind, message);
    });
    const { result } = await ensureAccount(
      auth,
      handle.db,
      { ...parsed.data, role: "admin" },
      { resetPassword: true },
    );
    console.log(
      result === "created"
        ? `Created the admin account ${parsed.data.email}.`
        : `${parsed.data.email} is now an admin; its password was set.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
