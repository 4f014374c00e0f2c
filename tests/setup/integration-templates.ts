import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@server/db/client";
import pg from "pg";
import type { TestProject } from "vitest/node";

// Vitest's global setup for the integration tests: the migrations are applied once per run, not
// once per test file. PGlite's migrated data folder is written to a file each file loads; on
// PostgreSQL a migrated database is the template each file's database is created from (docs/testing.md).

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database to create each file's database from ("" without one). */
    postgresTemplate: string;
  }
}

async function migratedPgliteTarball(folder: string): Promise<string> {
  const handle = await openDatabase({ driver: "pglite", dataDir: "memory://" });
  try {
    await handle.migrate();
    const dump = handle.dumpDataDir?.();
    if (!dump) throw new Error("PGlite handle without dumpDataDir");
    const file = join(folder, "pglite-migrated.tar");
    writeFileSync(file, new Uint8Array(await (await dump).arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}

async function onAdminConnection(url: string, work: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function migratedPostgresTemplate(baseUrl: string, name: string): Promise<void> {
  await onAdminConnection(baseUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: "postgres", url: url.toString(), maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    // A template must have no connection open when a database is created from it.
    await handle.close();
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "gleam-integration-"));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  // One name per run, so two runs on one server never share a template.
  const template = postgresUrl ? `gleam_template_${process.pid}` : "";
  const [file] = await Promise.all([
    migratedPgliteTarball(folder),
    postgresUrl ? migratedPostgresTemplate(postgresUrl, template) : undefined,
  ]);
  project.provide("pgliteTemplateFile", file);
  project.provide("postgresTemplate", template);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (postgresUrl) {
      // The template and every worker's copy of it (tests/setup/test-database.ts).
      await onAdminConnection(postgresUrl, async (client) => {
        const { rows } = await client.query<{ name: string }>(
          "select datname as name from pg_database where datname = $1 or datname like $1 || '\\_w%'",
          [template],
        );
        for (const { name } of rows)
          await client.query(`drop database if exists ${name} with (force)`);
      });
    }
  };
}
