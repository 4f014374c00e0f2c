import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { openDatabase } from "./client";

// Backups of the embedded database (PGlite): the whole data folder as one gzipped tarball, taken
// and restored while the shop is stopped (PGlite is one process per folder; the folder's lock
// refuses a second). PostgreSQL has its own tools: pg_dump and pg_restore (docs/deploy.md).

/** Writes a backup of the database in `dataDir` to `file`; returns its size in bytes. */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<number> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) {
    throw new Error(`There is no database in ${dataDir} to back up.`);
  }
  const handle = await openDatabase({ driver: "pglite", dataDir });
  try {
    const dump = await handle.dumpDataDir?.("gzip");
    if (!dump) throw new Error("This database cannot be dumped.");
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(dirname(resolve(file)), { recursive: true });
    // Whole or not at all; readable by its owner only (customers' details, password hashes).
    const partial = `${file}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    renameSync(partial, file);
    return bytes.length;
  } finally {
    await handle.close();
  }
}

/**
 * Makes `dataDir` the database in backup `file`, migrated to this version of the shop. A database
 * already there is moved aside (the returned path), never deleted, and only when `replace` is set;
 * if the backup cannot be loaded, it is put back.
 */
export async function restoreEmbeddedDatabase(
  file: string,
  dataDir: string,
  options: { replace: boolean; now?: Date },
): Promise<{ movedAside: string | null }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`No backup at ${file}.`);
  const backup = new Blob([await readFile(file)]);
  let movedAside: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!options.replace) {
      throw new Error(
        `${dataDir} already holds a database. Add --replace to restore over it (it is kept, moved aside).`,
      );
    }
    // Opening it takes the folder's lock: a running shop refuses, and nothing is moved.
    await (await openDatabase({ driver: "pglite", dataDir })).close();
    const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, "-");
    movedAside = `${dataDir.replace(/\/+$/, "")}.before-restore-${stamp}`;
    renameSync(dataDir, movedAside);
  }
  try {
    const handle = await openDatabase({ driver: "pglite", dataDir, loadDataDir: backup });
    try {
      await handle.migrate();
      await handle.ping();
    } finally {
      await handle.close();
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (movedAside) renameSync(movedAside, dataDir);
    throw new Error(`The backup ${file} could not be restored: ${(error as Error).message}`);
  }
  return { movedAside };
}
