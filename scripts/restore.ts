import { parseArgs } from "node:util";
import { restoreEmbeddedDatabase } from "@server/db/backup";
import { env } from "@server/env";

// `npm run restore -- FILE [--replace]`: makes DATA_DIR the embedded database in backup FILE,
// migrated to this version. A database already there is moved aside, and only with --replace.
// Stop the shop first. On PostgreSQL use pg_restore (docs/deploy.md).

const usage = "Usage: npm run restore -- backups/gleam-<time>.tar.gz [--replace]";

async function main() {
  const { values, positionals } = parseArgs({
    options: { replace: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error(usage);
  if (env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" gleam.dump (docs/deploy.md).',
    );
  }
  const { movedAside } = await restoreEmbeddedDatabase(file, env.DATA_DIR, {
    replace: values.replace,
  });
  if (movedAside)
    process.stdout.write(`The database that was in ${env.DATA_DIR} is now in ${movedAside}.\n`);
  process.stdout.write(
    `Restored ${file} into ${env.DATA_DIR}. Start the shop with npm run serve.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
