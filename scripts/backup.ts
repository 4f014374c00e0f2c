import { join } from "node:path";
import { parseArgs } from "node:util";
import { backupEmbeddedDatabase } from "@server/db/backup";
import { env } from "@server/env";

// `npm run backup [-- --out FILE]`: the embedded database (DATA_DIR) into one gzipped tarball,
// by default backups/gleam-<time>.tar.gz. Stop the shop first: PGlite is one process per folder.
// On PostgreSQL use pg_dump (docs/deploy.md).

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump --format=custom --file=gleam.dump "$DATABASE_URL" (docs/deploy.md).',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = values.out ?? join("backups", `gleam-${stamp}.tar.gz`);
  const bytes = await backupEmbeddedDatabase(env.DATA_DIR, file);
  process.stdout.write(`Backed up ${env.DATA_DIR} to ${file} (${(bytes / 1024).toFixed(0)} KB).\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
