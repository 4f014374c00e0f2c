import { openDatabase } from "@server/db/client";
import { configuredDatabase } from "@server/db/connection";
import { seedCatalog } from "@server/db/seed/seed-catalog";
import { env } from "@server/env";

// `npm run seed`: migrates and loads the demo catalogue. Idempotent: existing rows are kept.
// On PGlite, stop the server first (one process per data folder; the lock file enforces it).

async function main() {
  const handle = await openDatabase(configuredDatabase());
  try {
    await handle.migrate();
    await seedCatalog(handle.db);
    console.log(
      `Seeded the demo catalogue into ${handle.driver === "postgres" ? "PostgreSQL" : env.DATA_DIR}.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
