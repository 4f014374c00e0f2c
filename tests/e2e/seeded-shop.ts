import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type BuiltServer, startBuiltServer } from "../../scripts/built-server";

// A shop a spec starts for itself begins as the built server left a demo shop it migrated and
// seeded: made once per build and seeding setting, then copied for each server (a folder for the
// embedded database, `create database … template` on PostgreSQL), instead of migrating and
// seeding anew at every start (docs/testing.md).

const buildDir = join(import.meta.dirname, "..", "..", "build", "server");

/** The PostgreSQL server the specs may use (TEST_DATABASE_URL); "" when there is none. */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? "";
/** Why a spec that needs PostgreSQL skips itself without one (CI always has one: .ci/run). */
export const NEEDS_POSTGRES = "needs PostgreSQL: set TEST_DATABASE_URL (CI always has it)";

/** What changes the seeded shop: the server's bundle, then the seeding settings. */
function seedKey(seed: Record<string, string>): { build: string; key: string } {
  const hash = createHash("sha256");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      )
      .sort();
  for (const file of files(buildDir)) hash.update(file).update(readFileSync(file));
  const build = hash.digest("hex").slice(0, 12);
  const settings = createHash("sha256")
    .update(JSON.stringify(Object.entries(seed).sort()))
    .digest("hex")
    .slice(0, 8);
  // Shops seeded otherwise by the same build are another spec's, perhaps being made right now:
  // only an earlier build's are removed.
  return { build, key: `${build}_${settings}` };
}

/** Starts the built server on `env` until it is ready, then stops it cleanly. */
async function seedOnce(env: Record<string, string>): Promise<void> {
  const server = await startBuiltServer({ ...env, LOG_LEVEL: "warn" });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${server.output()}`);
}

const foldersRoot = join(tmpdir(), "gleam-e2e-seeded");

/**
 * A new data folder holding the seeded demo shop, for one server's DATA_DIR; the caller removes
 * it. `seed` holds the settings that change what is seeded (DEMO_ORDERS).
 */
export async function seededDataDir(seed: Record<string, string> = {}): Promise<string> {
  const { build, key } = seedKey(seed);
  const template = join(foldersRoot, key);
  if (!existsSync(template)) {
    mkdirSync(foldersRoot, { recursive: true });
    // Made aside and renamed: two workers making it at once each get a whole one.
    const making = mkdtempSync(join(foldersRoot, `${key}.making-`));
    await seedOnce({ ...seed, DATA_DIR: making });
    try {
      renameSync(making, template);
    } catch {
      rmSync(making, { recursive: true, force: true });
    }
    // Earlier builds' folders.
    for (const name of readdirSync(foldersRoot)) {
      if (!name.startsWith(`${build}_`))
        rmSync(join(foldersRoot, name), { recursive: true, force: true });
    }
  }
  const copy = mkdtempSync(join(tmpdir(), "gleam-shop-"));
  cpSync(template, copy, { recursive: true });
  return copy;
}

/**
 * The built server on a copy of the seeded demo shop (the embedded database), as
 * `startBuiltServer(env)` would start it on a new one; `stop()` also removes the copy. `seed`:
 * the settings that change what is seeded, also passed to the server.
 */
export async function startSeededServer(
  env: Record<string, string> = {},
  seed: Record<string, string> = {},
): Promise<BuiltServer> {
  const dataDir = await seededDataDir(seed);
  try {
    const server = await startBuiltServer({ ...env, ...seed, DATA_DIR: dataDir });
    return {
      ...server,
      async stop() {
        const code = await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
        return code;
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An arbitrary constant: workers make the seeded template one at a time. */
const TEMPLATE_LOCK_KEY = 7_020_421;

/**
 * `name` made afresh on the PostgreSQL server `serverUrl` names, holding the seeded demo shop:
 * its URL, and `drop()` to remove it afterwards.
 */
export async function seededPostgresDatabase(
  serverUrl: string,
  name: string,
  seed: Record<string, string> = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const { build, key } = seedKey(seed);
  const template = `gleam_e2e_seeded_${key}`;
  await onServer(serverUrl, async (client) => {
    await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [
        template,
      ]);
      if (rowCount === 0) {
        const making = `${template}_making`;
        await client.query(`drop database if exists ${making} with (force)`);
        await client.query(`create database ${making}`);
        await seedOnce({
          ...seed,
          DATABASE_URL: databaseUrl(serverUrl, making),
          SHOP_MODE: "demo",
        });
        await client.query(`alter database ${making} rename to ${template}`);
        // Earlier builds' templates.
        const { rows } = await client.query<{ name: string }>(
          "select datname as name from pg_database where datname like 'gleam\\_e2e\\_seeded\\_%' and datname not like $1",
          [`gleam\\_e2e\\_seeded\\_${build}\\_%`],
        );
        for (const old of rows)
          await client.query(`drop database if exists ${old.name} with (force)`);
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name} template ${template}`);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  });
  return {
    url: databaseUrl(serverUrl, name),
    drop: () =>
      onServer(serverUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
