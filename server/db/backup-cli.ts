import { join } from "node:path";
import { parseArgs } from "node:util";
import { env } from "../env";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "./backup";

// `npm run backup` and `npm run restore`: commands of the built server (node build/server/index.js
// backup|restore), so a production install, without development tools, can run them. Stop the
// shop first: PGlite is one process per folder. On PostgreSQL: pg_dump and pg_restore.

const RESTORE_USAGE = "Usage: npm run restore -- backups/gleam-<time>.tar.gz [--replace]";
const ON_POSTGRES =
  "DATABASE_URL is set: use PostgreSQL's own tools, pg_dump and pg_restore (docs/deploy.md).";

export async function runBackupCommand(command: "backup" | "restore", args: string[]) {
  if (env.DATABASE_URL) throw new Error(ON_POSTGRES);
  const write = (line: string) => process.stdout.write(`${line}\n`);
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
