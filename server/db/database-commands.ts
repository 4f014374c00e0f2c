import { join } from "node:path";
import { parseArgs } from "node:util";
import { env } from "../env";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "./backup";
import { openDatabase } from "./client";
import { configuredDatabase } from "./connection";

// `npm run db:migrate`, `npm run backup` and `npm run restore`: commands of the built server
// (node build/server/index.js migrate|backup|restore), so a production install, without
// development tools, can run them. For backup and restore, stop the shop first: PGlite is one
// process per folder. On PostgreSQL: pg_dump and pg_restore.

const DATABASE_COMMANDS = ["migrate", "backup", "restore"] as const;
export type DatabaseCommand = (typeof DATABASE_COMMANDS)[number];

const RESTORE_USAGE = "Usage: npm run restore -- backups/gleam-<time>.tar.gz [--replace]";
const ON_POSTGRES =
  "DATABASE_URL is set: use PostgreSQL's own tools, pg_dump and pg_restore (docs/deploy.md).";

export function isDatabaseCommand(value: string | undefined): value is DatabaseCommand {
  return DATABASE_COMMANDS.some((command) => command === value);
}

export async function runDatabaseCommand(command: DatabaseCommand, args: string[]) {
  const write = (line: string) => process.stdout.write(`${line}\n`);
  if (command === "migrate") {
    // A release step before new instances start (every start also applies them).
    const handle = await openDatabase(configuredDatabase());
    try {
      await handle.migrate();
      write(`Migrations applied (${handle.driver}).`);
    } finally {
      await handle.close();
    }
    return;
  }
  if (env.DATABASE_URL) throw new Error(ON_POSTGRES);
  if (command === "backup") {
    const { values } = parseArgs({ args, options: { out: { type: "string" } } });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = values.out ?? join("backups", `gleam-${stamp}.tar.gz`);
    const bytes = await backupEmbeddedDatabase(env.DATA_DIR, file);
    write(`Backed up ${env.DATA_DIR} to ${file} (${Math.round(bytes / 1024)} KB).`);
    return;
  }
  const { values, positionals } = parseArgs({
    args,
    options: { replace: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error(RESTORE_USAGE);
  const { movedAside } = await restoreEmbeddedDatabase(file, env.DATA_DIR, {
    replace: values.replace,
  });
  if (movedAside) write(`The database that was in ${env.DATA_DIR} is now in ${movedAside}.`);
  write(`Restored ${file} into ${env.DATA_DIR}. Start the shop with npm run serve.`);
}
